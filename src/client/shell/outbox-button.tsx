/**
 * The outbox in the header (DESIGN §8): what waits to be sent from this device, shown as queued,
 * then sent; a refused one shows the server's message with a way to edit it (back in its form,
 * the messages beside the fields) or discard it.
 */
import { Badge, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { outbox, takeUpAgain } from '../lib/device-store';
import type { OutboxEntry, OutboxStatus } from '../lib/outbox';

const STATUS: Record<OutboxStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Not accepted', color: 'red' },
};

/** This person's outbox entries, kept current. */
export function useOutboxEntries(uid: string | null): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const reload = useCallback(() => {
    if (uid === null) return;
    void outbox.entries(uid).then(setEntries, () => setEntries([]));
  }, [uid]);
  useEffect(() => {
    reload();
    return outbox.subscribe(reload);
  }, [reload]);
  return uid === null ? [] : entries;
}

export function OutboxButton({ uid }: { uid: string }) {
  const entries = useOutboxEntries(uid);
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  if (entries.length === 0) return null;

  const close = () => {
    setOpened(false);
    void outbox.clearSent(uid);
  };
  const edit = async (entry: OutboxEntry) => {
    const path = await takeUpAgain(uid, entry);
    close();
    if (path !== null) await router.navigate({ href: path });
  };
  const waiting = entries.filter((e) => e.status === 'queued' || e.status === 'sending').length;
  const failed = entries.filter((e) => e.status === 'failed').length;
  const summary = [
    waiting > 0 ? `${waiting} waiting to be sent` : null,
    failed > 0 ? `${failed} not accepted` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Popover
      position="bottom-end"
      width={320}
      shadow="md"
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      onDismiss={close}
    >
      <Popover.Target>
        <Indicator disabled={failed === 0} color="red" size={10} offset={4}>
          <Button
            variant="default"
            size="sm"
            aria-label={`Outbox: ${summary || 'all sent'}`}
            onClick={() => (opened ? close() : setOpened(true))}
          >
            Outbox{waiting + failed > 0 ? ` (${waiting + failed})` : ''}
          </Button>
        </Indicator>
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
          {waiting > 0 && (
            <Text size="xs" c="dimmed">
              Waiting items are sent automatically when you are back online.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
