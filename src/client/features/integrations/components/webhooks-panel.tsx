/**
 * A system's webhooks on `/app/integrations` (decision 040): where the portal pushes the events it
 * should hear of, signed. A new endpoint's secret, and a rotated one, is shown once; a rotation
 * sends both signatures until the old secret is retired. Each endpoint can be paused and resumed
 * (the portal pauses one by itself after a day of failures, and tells the administrators), and
 * its delivery log shows each attempt with "Send again".
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EVENT_KIND_LABELS, EVENT_KINDS, type EventKind } from '../../../../shared/events';
import { formatDateTime } from '../../../../shared/format';
import {
  webhookEndpointWriteSchema,
  type WebhookEndpointRow,
  type WebhookEndpointSecret,
} from '../../../../shared/schemas/webhooks';
import { errorMessage, handleSaveError } from '../../../lib/api-errors';
import { focusFirstInvalid } from '../../../lib/invalid-focus';
import { DataTable } from '../../../ui/data-table';
import { useWebhookChange, useWebhookDeliveries, useWebhooks } from '../api/webhooks';

const kindLabel = (kind: string) => EVENT_KIND_LABELS[kind as EventKind] ?? kind;

export function WebhooksPanel({ clientId, clientName }: { clientId: number; clientName: string }) {
  const webhooks = useWebhooks(clientId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointSecret | null>(null);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          Webhooks
        </Title>
        <Button size="xs" variant="light" onClick={() => setAdding(true)}>
          Add a webhook<VisuallyHidden> for {clientName}</VisuallyHidden>
        </Button>
      </Group>
      {webhooks.isPending && <Text c="dimmed">Loading the webhooks…</Text>}
      {webhooks.isError && (
        <Alert color="red" variant="light" role="alert" title="The webhooks could not be loaded">
          <Text size="sm">{errorMessage(webhooks.error)}</Text>
        </Alert>
      )}
      {webhooks.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No webhook: the system reads the events feed, or add one to be told as things happen.
        </Text>
      )}
      {webhooks.data?.map((endpoint) => (
        <Endpoint
          key={endpoint.Id}
          clientId={clientId}
          endpoint={endpoint}
          onSecret={(shown) => setSecret(shown)}
        />
      ))}
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={`Add a webhook for ${clientName}`}
        centered
      >
        {adding && (
          <NewWebhookForm
            clientId={clientId}
            onCreated={(made) => {
              setAdding(false);
              setSecret(made);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="The webhook’s signing secret"
        centered
        closeOnClickOutside={false}
      >
        {secret && (
          <Stack gap="sm">
            <Alert color="yellow" variant="light" title="Copy it now">
              This is the only time the secret is shown. The receiver verifies each delivery’s
              signature with it.
            </Alert>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {secret.Secret}
            </Code>
            <Group justify="space-between">
              <CopyButton value={secret.Secret}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy the secret'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setSecret(null)}>I have stored it</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function Endpoint({
  clientId,
  endpoint,
  onSecret,
}: {
  clientId: number;
  endpoint: WebhookEndpointRow;
  onSecret: (secret: WebhookEndpointSecret) => void;
}) {
  const change = useWebhookChange(clientId);
  const [log, setLog] = useState(false);
  const failed = (error: unknown) => handleSaveError(error, null, { what: 'webhook' });
  const toggle = () =>
    change.update
      .mutateAsync({
        webhookId: endpoint.Id,
        input: {
          Url: endpoint.Url,
          EventKinds: endpoint.EventKinds as EventKind[],
          Active: !endpoint.Active,
        },
      })
      .then((row) =>
        notifications.show({
          color: 'teal',
          title: row.Active ? 'Webhook resumed' : 'Webhook paused',
          message: row.Active
            ? 'Waiting events are sent from where it stopped.'
            : 'Nothing is sent until it is resumed.',
        }),
      )
      .catch(failed);
  return (
    <Stack
      gap={6}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{endpoint.Url}</Code>
      <Group gap={6}>
        {endpoint.Active ? (
          <Badge color="teal.9" variant="filled">
            active
          </Badge>
        ) : (
          <Badge color={endpoint.PausedReason === 'failing' ? 'red.9' : 'gray.7'} variant="filled">
            {endpoint.PausedReason === 'failing' ? 'paused: failing' : 'paused'}
          </Badge>
        )}
        {endpoint.Rotating && (
          <Badge color="indigo.9" variant="filled">
            two secrets
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          Secret {endpoint.SecretPrefix}
        </Text>
      </Group>
      <Text size="sm">{endpoint.EventKinds.map(kindLabel).join(', ')}</Text>
      {endpoint.Failures > 0 && endpoint.FailingSince && (
        <Text size="sm" c="red.8">
          {endpoint.Failures} failed {endpoint.Failures === 1 ? 'attempt' : 'attempts'} since{' '}
          {formatDateTime(endpoint.FailingSince)}
          {endpoint.Active && endpoint.NextAttemptAt
            ? `; next try ${formatDateTime(endpoint.NextAttemptAt)}`
            : ''}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          loading={change.update.isPending}
          onClick={() => void toggle()}
        >
          {endpoint.Active ? 'Pause' : 'Resume'}
        </Button>
        {endpoint.Rotating ? (
          <Button
            size="xs"
            variant="default"
            loading={change.retire.isPending}
            onClick={() =>
              void change.retire
                .mutateAsync(endpoint.Id)
                .then(() =>
                  notifications.show({
                    color: 'teal',
                    title: 'Old secret retired',
                    message: 'Deliveries carry the new secret’s signature only.',
                  }),
                )
                .catch(failed)
            }
          >
            Retire the old secret
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            loading={change.rotate.isPending}
            onClick={() => void change.rotate.mutateAsync(endpoint.Id).then(onSecret).catch(failed)}
          >
            Rotate the secret
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setLog((shown) => !shown)}
          aria-expanded={log}
        >
          {log ? 'Hide the delivery log' : 'Delivery log'}
        </Button>
      </Group>
      {log && <DeliveryLog clientId={clientId} webhookId={endpoint.Id} />}
    </Stack>
  );
}

function DeliveryLog({ clientId, webhookId }: { clientId: number; webhookId: number }) {
  const deliveries = useWebhookDeliveries(clientId, webhookId);
  const { sendAgain } = useWebhookChange(clientId);
  if (deliveries.isPending) return <Text c="dimmed">Loading the log…</Text>;
  if (deliveries.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="The log could not be loaded">
        <Text size="sm">{errorMessage(deliveries.error)}</Text>
      </Alert>
    );
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet.
      </Text>
    );
  return (
    <DataTable
      caption="Delivery log, newest first"
      minWidth={720}
      rows={deliveries.data}
      rowKey={(d) => d.Id}
      cardTitle={(d) => `${kindLabel(d.EventKind)}, attempt ${d.Attempt}`}
      columns={[
        { header: 'When', cell: (d) => formatDateTime(d.At) },
        { header: 'Event', cell: (d) => `${kindLabel(d.EventKind)} #${d.EventId}` },
        {
          header: 'Attempt',
          cell: (d) => `${d.Attempt}${d.Manual ? ' (sent again)' : ''}`,
          numeric: true,
        },
        {
          header: 'Answer',
          cell: (d) => (
            <Badge color={d.Succeeded ? 'teal.9' : 'red.9'} variant="filled">
              {d.StatusCode ?? 'none'}
            </Badge>
          ),
        },
        { header: 'Took', cell: (d) => `${d.LatencyMs} ms`, numeric: true },
        { header: 'Excerpt', cell: (d) => d.Excerpt || '—', wrap: true, breakable: true },
      ]}
      actions={(d) => (
        <Button
          size="xs"
          variant="subtle"
          loading={sendAgain.isPending && sendAgain.variables?.deliveryId === d.Id}
          onClick={() =>
            void sendAgain
              .mutateAsync({ webhookId, deliveryId: d.Id })
              .then((row) =>
                notifications.show({
                  color: row.Succeeded ? 'teal' : 'red',
                  title: row.Succeeded ? 'Sent again' : 'Sent again, and refused',
                  message: `The receiver answered ${row.StatusCode ?? 'nothing'}.`,
                }),
              )
              .catch((error: unknown) => handleSaveError(error, null, { what: 'delivery' }))
          }
        >
          Send again
          <VisuallyHidden>
            {' '}
            attempt {d.Attempt} of event {d.EventId}
          </VisuallyHidden>
        </Button>
      )}
    />
  );
}

const validate = schemaResolver(webhookEndpointWriteSchema, { sync: true });

function NewWebhookForm({
  clientId,
  onCreated,
}: {
  clientId: number;
  onCreated: (made: WebhookEndpointSecret) => void;
}) {
  const { create } = useWebhookChange(clientId);
  const form = useForm<{ Url: string; EventKinds: EventKind[]; Active: boolean }>({
    mode: 'controlled',
    initialValues: { Url: '', EventKinds: ['order.placed'], Active: true },
    validate,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      handleSaveError(error, form, { what: 'webhook' });
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="Where the portal POSTs each event: https, at a public address."
          placeholder="https://erp.example.com/portal-webhooks"
          required
          data-autofocus
          {...form.getInputProps('Url')}
        />
        <MultiSelect
          label="Events to send"
          required
          searchable
          data={EVENT_KINDS.map((kind) => ({ value: kind, label: EVENT_KIND_LABELS[kind] }))}
          {...form.getInputProps('EventKinds')}
        />
        <Switch label="Active" {...form.getInputProps('Active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add the webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
