/**
 * The bell's list (notification-bell.tsx), loaded when the bell is first reached for
 * (ui/on-demand-popup.tsx): Mantine's Popover brings floating-ui and a focus trap, and the list
 * its query and the mark-read request, none of which a page's first render needs.
 */
import { Badge, Button, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../../shared/format';
import type { NotificationRow } from '../../../../shared/schemas/notifications';
import { errorMessage } from '../../../lib/api-errors';
import { PopupAnchor, type PopupProps } from '../../../ui/on-demand-popup';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { useNotifications } from '../api/notification-list';
import { useMarkRead } from '../api/notifications';
import classes from './notification-bell.module.css';

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

  const open = (row: NotificationRow) => {
    if (!row.Read) mark.mutate({ id: row.Id });
    onClose();
    if (row.Link) void router.navigate({ href: row.Link });
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
          {list.isSuccess && rows.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing yet. You are told here when something happens to your orders and requests.
            </Text>
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
