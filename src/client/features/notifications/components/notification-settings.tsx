/**
 * The notification settings (docs/product/notifications.md): push on this device, the person's
 * other devices, and per topic whether email and push tell them (the in-app list always does). The
 * topics listed are those the person hears of (`topicsFor`): a customer's person's order and
 * request notices (an approver's approval requests among them), or the inbox of staff.
 */
import { Alert, Button, Checkbox, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import {
  channelOn,
  NOTIFICATION_TOPICS,
  type ChoosableChannel,
  type NotificationChoices,
  type NotificationTopic,
} from '../../../../shared/notifications';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage, isStale } from '../../../lib/api-errors';
import {
  browserSubscription,
  pushSupport,
  removePushDevice,
  turnPushOffHere,
  turnPushOnHere,
} from '../../../lib/push-device';
import { LoadState } from '../../../ui/load-state';
import {
  notificationSettingsQueryOptions,
  settingsKeys,
  usePushDevices,
  useSaveChoices,
} from '../api/settings';

const CHANNELS: Array<{ channel: ChoosableChannel; label: string }> = [
  { channel: 'email', label: 'Email' },
  { channel: 'push', label: 'Push' },
];

export function NotificationSettings({
  uid,
  topics,
}: {
  uid: string;
  /** The topics this person hears of (`topicsFor`). */
  topics: readonly NotificationTopic[];
}) {
  return (
    <Stack gap="xl">
      <PushOnThisDevice uid={uid} />
      <TopicChoices uid={uid} topics={topics} />
    </Stack>
  );
}

function PushOnThisDevice({ uid }: { uid: string }) {
  const queryClient = useQueryClient();
  const devices = usePushDevices(uid);
  const support = pushSupport();
  const here = useQuery({
    queryKey: [...settingsKeys.devices(uid), 'this-device'],
    queryFn: async () => (await browserSubscription())?.endpoint ?? null,
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const endpoint = here.data ?? null;
  const registered = devices.data?.some((d) => d.Endpoint === endpoint) ?? false;
  const on = endpoint !== null && registered;
  const others = devices.data?.filter((d) => d.Endpoint !== endpoint) ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.devices(uid) });
  const toggle = async (wanted: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (wanted) await turnPushOnHere();
      else await turnPushOffHere();
      notifications.show({
        color: 'teal',
        title: wanted ? 'Push is on' : 'Push is off',
        message: wanted
          ? 'This device will show the portal’s notifications.'
          : 'This device no longer shows the portal’s notifications.',
      });
    } catch (error) {
      setProblem(
        error instanceof ApiRequestError && error.status === 404
          ? 'Push notifications are not set up on this server.'
          : errorMessage(error),
      );
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Push notifications on this device
      </Title>
      {support === 'unsupported' ? (
        <Text>
          This browser cannot show push notifications. On an iPhone or iPad, add the portal to the
          home screen (Share, then Add to Home Screen) and open it from there.
        </Text>
      ) : support === 'denied' && !on ? (
        <Text>
          Notifications are blocked for the portal in this browser’s settings. Allow them there,
          then come back to turn push on.
        </Text>
      ) : (
        <Switch
          label="Show notifications on this device"
          description="Orders and requests you follow, on the lock screen, even with the portal closed."
          checked={on}
          disabled={busy || devices.isPending || here.isPending}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      )}
      {problem && (
        <Alert color="red" title="Push could not be changed">
          {problem}
        </Alert>
      )}
      {others.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>Your other devices with push on</Text>
          {others.map((device) => (
            <Group key={device.Id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {device.Device}, since {formatDateTime(device.CreatedDate)}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Turn push off on ${device.Device}, since ${formatDateTime(device.CreatedDate)}`}
                onClick={() =>
                  void removePushDevice(device.Id).then(refresh, (error: unknown) =>
                    setProblem(errorMessage(error)),
                  )
                }
              >
                Turn off
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TopicChoices({ uid, topics }: { uid: string; topics: readonly NotificationTopic[] }) {
  const settings = useQuery(notificationSettingsQueryOptions(uid));
  const save = useSaveChoices(uid);
  // The person's unsaved edits; null shows the choices as saved.
  const [edits, setEdits] = useState<NotificationChoices | null>(null);

  if (!settings.data) {
    return <LoadState query={settings} what="your notification settings" />;
  }
  const saved = settings.data;
  const choices = edits ?? saved.Choices;
  const changed = edits !== null && JSON.stringify(edits) !== JSON.stringify(saved.Choices);
  const set = (topic: NotificationTopic, channel: ChoosableChannel, value: boolean) =>
    setEdits({ ...choices, [topic]: { ...choices[topic], [channel]: value } });

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        What to tell you, and how
      </Title>
      <Text size="sm" c="dimmed">
        Every notice appears in the bell at the top of the portal. Choose which also come by email
        and as push notifications.
      </Text>
      <Table verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Notice</Table.Th>
            {CHANNELS.map(({ label }) => (
              <Table.Th key={label} w={64} ta="center">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {topics.map((topic) => (
            <Table.Tr key={topic}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {NOTIFICATION_TOPICS[topic].label}
              </Table.Td>
              {CHANNELS.map(({ channel, label }) => (
                <Table.Td key={channel}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${label}: ${NOTIFICATION_TOPICS[topic].label}`}
                    checked={channelOn(choices, topic, channel)}
                    onChange={(event) => set(topic, channel, event.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {save.error && (
        <Alert color="red" title="Not saved">
          {isStale(save.error)
            ? 'Your settings were changed elsewhere meanwhile. They are shown as they are now; make your change again.'
            : errorMessage(save.error)}
        </Alert>
      )}
      <Group>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              // The listed topics only: the API refuses choices about notices the person never
              // receives (a choice kept from an earlier role is dropped here).
              {
                choices: Object.fromEntries(
                  topics.flatMap((t) => (choices[t] ? [[t, choices[t]]] : [])),
                ) as NotificationChoices,
                version: saved.Version,
              },
              {
                onSuccess: () => {
                  setEdits(null);
                  notifications.show({
                    color: 'teal',
                    title: 'Saved',
                    message: 'Your notification settings are saved.',
                  });
                },
                // A stale version: the page shows the choices as they are now (reloaded).
                onError: (error) => {
                  if (isStale(error)) setEdits(null);
                },
              },
            )
          }
        >
          Save
        </Button>
        {changed && (
          <Button variant="subtle" onClick={() => setEdits(null)}>
            Undo changes
          </Button>
        )}
      </Group>
    </Stack>
  );
}
