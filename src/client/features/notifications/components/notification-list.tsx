/**
 * The bell's list (notification-bell.tsx), loaded when the bell is first reached for
 * (ui/on-demand-popup.tsx): Mantine's Popover brings floating-ui and a focus trap, and the list
 * its query and the mark-read request, none of which a page's first render needs.
 */
import { Badge, Button, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { formatCount, formatDateTime } from '../../../../shared/format';
import type { NotificationRow } from '../../../../shared/schemas/notifications';
import { errorMessage } from '../../../lib/api-errors';
import { PopupAnchor, type PopupProps } from '../../../ui/on-demand-popup';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { useOrdering } from '../../../auth/use-ordering';
import { useLateOrders } from '../api/late-orders';
import { useNotifications } from '../api/notification-list';
import { useMarkRead } from '../api/notifications';
import classes from './notification-bell.module.css';

/**
 * What the bell shows above the notifications: the customer's orders with late lines, each a way
 * to its page, and the whole late list. `alone` (no notification yet): also what the bell is for,
 * and that nothing is late when nothing is; beside notifications it shows only late lines.
 */
function NeedsAttention({
  customerId,
  onGo,
  alone,
}: {
  customerId: number | null;
  onGo: (href: string) => void;
  alone: boolean;
}) {
  const late = useLateOrders(customerId, true);
  const waiting = 'You are told here when something happens to your orders and requests.';
  if (!alone && (customerId === null || !late.isSuccess || late.data.data.length === 0)) {
    return null;
  }
  if (customerId === null) {
    return (
      <Text size="sm" c="dimmed">
        Nothing yet. {waiting}
      </Text>
    );
  }
  if (late.isPending) return <Text size="sm">Looking for late lines…</Text>;
  if (late.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(late.error)}
      </Text>
    );
  }
  const orders = late.data.data;
  if (orders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing needs your attention now: no line is late. {waiting}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="red">
        Needs attention now
      </Text>
      <ul className={classes.list}>
        {orders.map((order) => (
          <li key={order.Id}>
            <UnstyledButton className={classes.item} onClick={() => onGo(`/app/order/${order.Id}`)}>
              <Text size="sm" fw={700}>
                Order {order.OrderNumber}: {formatCount(order.LateLineCount, 'late line')}
              </Text>
              <Text size="sm">
                {order.PoNumber ? `PO ${order.PoNumber}, ` : ''}
                promised dates have passed
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      <Button size="xs" variant="light" onClick={() => onGo('/app/order/all?late=true')}>
        See every order with a late line
      </Button>
    </Stack>
  );
}

export interface NotificationListProps extends PopupProps {
  uid: string;
  unread: number;
}

export default function NotificationList({
  id,
  anchor,
  opened,
  onClose,
  uid,
  unread,
}: NotificationListProps) {
  const list = useNotifications(uid, opened);
  const { customerId } = useOrdering();
  const mark = useMarkRead();
  const router = useRouter();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  // A new notification while the list is open: read the list again (not on opening: the query
  // reads it then by itself).
  const { refetch } = list;
  const seen = useRef(unread);
  useEffect(() => {
    if (unread !== seen.current && opened) void refetch();
    seen.current = unread;
  }, [unread, opened, refetch]);

  const go = (href: string) => {
    onClose();
    void router.navigate({ href });
  };
  const open = (row: NotificationRow) => {
    if (!row.Read) mark.mutate({ id: row.Id });
    if (row.Link) go(row.Link);
    else onClose();
  };

  return (
    <Popover
      id={id}
      position="bottom-end"
      // On a phone the panel is shifted to stay on the screen, away from the bell: its arrow
      // points at the bell it belongs to, and it never grows wider than the screen.
      width="min(340px, calc(100vw - 16px))"
      withArrow
      arrowPosition="center"
      arrowSize={10}
      shadow="md"
      opened={opened}
      onChange={(next) => next || onClose()}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <PopupAnchor anchor={anchor} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="region" aria-label="Notifications">
          <Text size="sm" fw={600}>
            Notifications
          </Text>
          {list.isPending && <Text size="sm">Loading your notifications…</Text>}
          {list.isError && (
            <Text size="sm" c="red" role="alert">
              {errorMessage(list.error)}
            </Text>
          )}
          {list.isSuccess && (
            <NeedsAttention customerId={customerId} onGo={go} alone={rows.length === 0} />
          )}
          {rows.length > 0 && (
            <ul className={classes.list}>
              {rows.map((row) => (
                <li key={row.Id}>
                  <UnstyledButton className={classes.item} onClick={() => open(row)}>
                    <Text size="sm" fw={row.Read ? 400 : 700}>
                      {row.Title}
                      {!row.Read && (
                        <Badge size="xs" ml={6} variant="light">
                          New
                        </Badge>
                      )}
                    </Text>
                    <Text size="sm">{row.Body}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(row.At)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
          <ShowMoreButton query={list} label="Show more" />
          {rows.some((r) => !r.Read) && (
            <Button
              size="xs"
              variant="subtle"
              loading={mark.isPending}
              onClick={() => mark.mutate({ upToId: Math.max(...rows.map((r) => r.Id)) })}
            >
              Mark all read
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              onClose();
              void router.navigate({ to: '/app/account/notifications' });
            }}
          >
            Email and push settings
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
