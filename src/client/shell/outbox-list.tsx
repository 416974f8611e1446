/**
 * The outbox's list (outbox-button.tsx), loaded when the outbox is first reached for
 * (ui/on-demand-popup.tsx): Mantine's Popover brings floating-ui, which the frame's first render
 * does not need.
 */
import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { outbox, takeUpAgain } from '../lib/device-store';
import { isWaiting, type OutboxEntry, type OutboxStatus } from '../lib/outbox';
import { PopupAnchor, type PopupProps } from '../ui/on-demand-popup';

const STATUS: Record<OutboxStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Not accepted', color: 'red' },
};

export interface OutboxListProps extends PopupProps {
  uid: string;
  entries: OutboxEntry[];
}

export default function OutboxList({ id, anchor, opened, onClose, uid, entries }: OutboxListProps) {
  const router = useRouter();
  const edit = async (entry: OutboxEntry) => {
    const path = await takeUpAgain(uid, entry);
    onClose();
    if (path !== null) await router.navigate({ href: path });
  };
  const waiting = entries.some(isWaiting);

  return (
    <Popover
      id={id}
      position="bottom-end"
      width={320}
      shadow="md"
      opened={opened}
      onChange={(next) => next || onClose()}
    >
      <Popover.Target>
        <PopupAnchor anchor={anchor} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            Sent from this device
          </Text>
          {entries.map((entry) => (
            <Stack key={entry.id} gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate="end">
                  {entry.label}
                </Text>
                <Badge color={STATUS[entry.status].color} variant="light">
                  {STATUS[entry.status].label}
                </Badge>
              </Group>
              {entry.outcome && (
                <Text size="xs" role="status">
                  {entry.outcome}
                </Text>
              )}
              {entry.error && (
                <Text size="xs" c="red" role="alert">
                  {[entry.error.message, ...new Set(Object.values(entry.error.fields))].join(' ')}
                </Text>
              )}
              {entry.status !== 'sent' && entry.status !== 'sending' && (
                <Group gap="xs">
                  {entry.status === 'failed' && entry.edit && (
                    <Button size="compact-xs" variant="light" onClick={() => void edit(entry)}>
                      Edit
                    </Button>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void outbox.discard(uid, entry.id)}
                  >
                    Discard
                  </Button>
                </Group>
              )}
            </Stack>
          ))}
          {waiting && (
            <Text size="xs" c="dimmed">
              Waiting items are sent automatically when you are back online.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
