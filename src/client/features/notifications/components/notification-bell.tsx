/**
 * The bell in the header (issue 13 point 3): the unread count, and a list of the person's
 * notifications, newest first, each opening the order or request it is about and counting as read
 * once opened; "Mark all read" reads up to the newest one shown, so one that arrives meanwhile
 * stays new.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import type { NotificationRow } from '../../../../shared/schemas/notifications';
import { errorMessage } from '../../../lib/api-errors';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { useNotifications } from '../api/notification-list';
import { useMarkRead, useUnreadCount } from '../api/notifications';
import classes from './notification-bell.module.css';

export function NotificationBell({ uid }: { uid: string }) {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(uid).data?.Unread ?? 0;
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
    setOpened(false);
    if (row.Link) void router.navigate({ href: row.Link });
  };

  return (
    <Indicator
      disabled={unread === 0}
      label={unread > 99 ? '99+' : unread}
      size={18}
      offset={4}
      color="red"
    >
      <Popover
        position="bottom-end"
        width={340}
        shadow="md"
        opened={opened}
        onChange={setOpened}
        onDismiss={() => setOpened(false)}
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon />
          </ActionIcon>
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
                setOpened(false);
                void router.navigate({ to: '/app/account/notifications' });
              }}
            >
              Email and push settings
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
