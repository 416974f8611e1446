/**
 * `/app/integrations` (administrators): the plant's systems that call the integration API, each
 * with its scopes and API keys. A new key is shown once, in a dialog with a copy button, and never
 * again (the portal keeps only its hash); a key is revoked with a confirmation, and a client may
 * hold two keys at once, which is how a key is rotated.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { API_REFERENCE_PATH } from '../../../../shared/api';
import { formatDateTime } from '../../../../shared/format';
import {
  INTEGRATION_SCOPE_LABELS,
  INTEGRATION_SCOPES,
  type IntegrationScope,
} from '../../../../shared/integration';
import {
  integrationClientWriteSchema,
  integrationKeyCreateSchema,
  type IntegrationClientRow,
  type IntegrationKeyCreated,
  type IntegrationKeyRow,
} from '../../../../shared/schemas/integration-clients';
import { errorMessage, handleSaveError } from '../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { focusFirstInvalid } from '../../../lib/invalid-focus';
import { DataTable } from '../../../ui/data-table';
import { FutureDateInput } from '../../../ui/future-date-input';
import {
  useCreateIntegrationKey,
  useIntegrationClients,
  useRevokeIntegrationKey,
  useSaveIntegrationClient,
} from '../api/integration-clients';
import { WebhooksPanel } from './webhooks-panel';

/** Where integrators read how to connect (the API reference is API_REFERENCE_PATH). */
export const ERP_HELP_PAGE = '/docs/connecting-your-erp';

export function IntegrationsScreen() {
  const clients = useIntegrationClients();
  const [editing, setEditing] = useState<IntegrationClientRow | 'new' | null>(null);
  const [secret, setSecret] = useState<{ client: string; key: IntegrationKeyCreated } | null>(null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Integrations</Title>
        <Text c="dimmed">
          The plant’s own systems (its ERP) that send customers, catalog, acknowledgements,
          production and shipments to the portal and read its events, each with its own API keys.
        </Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={ERP_HELP_PAGE}>
            Connecting your ERP
          </Anchor>
          <Anchor href={API_REFERENCE_PATH} target="_blank">
            API reference
          </Anchor>
        </Group>
      </div>
      <Group>
        <Button onClick={() => setEditing('new')}>Add a system</Button>
      </Group>
      {clients.isPending && <Text c="dimmed">Loading the systems…</Text>}
      {clients.isError && (
        <Alert color="red" variant="light" role="alert" title="The systems could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(clients.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void clients.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {clients.data?.length === 0 && (
        <Text c="dimmed">
          No system is connected yet. Add one, then give it a key to send with its calls.
        </Text>
      )}
      {clients.data?.map((client) => (
        <ClientCard
          key={client.Id}
          client={client}
          onEdit={() => setEditing(client)}
          onKeyCreated={(key) => setSecret({ client: client.Name, key })}
        />
      ))}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'Add a system' : `Edit ${editing.Name}`}
        centered
      >
        {editing !== null && (
          <ClientForm
            key={editing === 'new' ? 'new' : editing.Id}
            client={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

function ScopeBadges({ scopes }: { scopes: readonly IntegrationScope[] }) {
  return (
    <Group gap={6}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="light" tt="none" title={INTEGRATION_SCOPE_LABELS[scope]}>
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

/** Dark filled shades, as ActiveBadge's: white text on them passes WCAG AA in both themes. */
const STATUS_COLORS = { active: 'teal.9', expired: 'gray.7', revoked: 'red.9' } as const;

function ClientCard({
  client,
  onEdit,
  onKeyCreated,
}: {
  client: IntegrationClientRow;
  onEdit: () => void;
  onKeyCreated: (key: IntegrationKeyCreated) => void;
}) {
  const [addingKey, setAddingKey] = useState(false);
  const [revoking, setRevoking] = useState<IntegrationKeyRow | null>(null);
  const revoke = useRevokeIntegrationKey();
  const headingId = `integration-client-${client.Id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            {client.Name}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onEdit}>
              Edit<VisuallyHidden> {client.Name}</VisuallyHidden>
            </Button>
            <Button size="xs" onClick={() => setAddingKey(true)}>
              New key<VisuallyHidden> for {client.Name}</VisuallyHidden>
            </Button>
          </Group>
        </Group>
        <ScopeBadges scopes={client.Scopes} />
        {client.Keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No key yet: the system cannot call the portal until it has one.
          </Text>
        ) : (
          <DataTable
            caption={`API keys of ${client.Name}`}
            minWidth={640}
            rows={client.Keys}
            rowKey={(key) => key.Id}
            cardTitle={(key) => `Key ${key.Prefix}…`}
            columns={[
              { header: 'Key', cell: (key) => <Code>{key.Prefix}…</Code> },
              { header: 'Created', cell: (key) => formatDateTime(key.CreatedDate) },
              {
                header: 'Last used',
                cell: (key) => (key.LastUsedAt ? formatDateTime(key.LastUsedAt) : 'Never'),
              },
              {
                header: 'Expires',
                cell: (key) => (key.ExpiresAt ? formatDateTime(key.ExpiresAt) : 'Never'),
              },
              {
                header: 'Status',
                cell: (key) => (
                  <Badge color={STATUS_COLORS[key.Status]} variant="filled">
                    {key.Status}
                  </Badge>
                ),
              },
            ]}
            actions={(key) =>
              key.Status === 'revoked' ? null : (
                <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(key)}>
                  Revoke<VisuallyHidden> key {key.Prefix}</VisuallyHidden>
                </Button>
              )
            }
          />
        )}
        <WebhooksPanel clientId={client.Id} clientName={client.Name} />
      </Stack>
      <Modal
        opened={addingKey}
        onClose={() => setAddingKey(false)}
        title={`New key for ${client.Name}`}
        centered
      >
        {addingKey && (
          <NewKeyForm
            clientId={client.Id}
            onCreated={(key) => {
              setAddingKey(false);
              onKeyCreated(key);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={revoking ? `Revoke key ${revoking.Prefix}…?` : ''}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            {client.Name} is refused with this key from its next call on. Give the system its new
            key first if it should keep working.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => {
                if (!revoking) return;
                const key = revoking;
                revoke
                  .mutateAsync({ clientId: client.Id, keyId: key.Id })
                  .then(() => {
                    notifications.show({
                      color: 'teal',
                      title: 'Key revoked',
                      message: `${key.Prefix}… no longer works.`,
                    });
                    setRevoking(null);
                  })
                  .catch((error: unknown) => handleSaveError(error, null, { what: 'key' }));
              }}
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

interface ClientValues {
  Name: string;
  Scopes: IntegrationScope[];
}

const validateClient = schemaResolver(integrationClientWriteSchema, { sync: true });

function ClientForm({
  client,
  onDone,
}: {
  client: IntegrationClientRow | null;
  onDone: () => void;
}) {
  const save = useSaveIntegrationClient();
  const keys = useIdempotencyKeys();
  const form = useForm<ClientValues>({
    mode: 'controlled',
    initialValues: client
      ? { Name: client.Name, Scopes: [...client.Scopes] }
      : { Name: '', Scopes: [] },
    validate: validateClient,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      if (client) {
        await save.mutateAsync({
          kind: 'update',
          id: client.Id,
          version: client.Version,
          input: values,
        });
      } else {
        await save.mutateAsync({
          kind: 'create',
          input: values,
          idempotencyKey: keys.keyFor(values),
        });
      }
      notifications.show({
        color: 'teal',
        title: client ? 'System saved' : 'System added',
        message: client ? `${values.Name} was saved.` : `Now give ${values.Name.trim()} a key.`,
      });
      onDone();
    } catch (error) {
      handleSaveError(error, form, { what: 'system' });
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="How people and timelines name it, e.g. “ERP production”."
          required
          data-autofocus
          {...form.getInputProps('Name')}
        />
        <Checkbox.Group label="What it may do" required {...form.getInputProps('Scopes')}>
          <Stack gap={6} mt={6}>
            {INTEGRATION_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={INTEGRATION_SCOPE_LABELS[scope]}
                description={scope}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {client ? 'Save' : 'Add the system'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const validateKey = schemaResolver(integrationKeyCreateSchema, { sync: true });

function NewKeyForm({
  clientId,
  onCreated,
}: {
  clientId: number;
  onCreated: (key: IntegrationKeyCreated) => void;
}) {
  const create = useCreateIntegrationKey();
  const form = useForm<{ ExpiresOn: string }>({
    mode: 'controlled',
    initialValues: { ExpiresOn: '' },
    validate: ({ ExpiresOn }) => validateKey({ ExpiresOn: ExpiresOn || null }),
  });
  const submit = form.onSubmit(async ({ ExpiresOn }) => {
    try {
      onCreated(await create.mutateAsync({ clientId, input: { ExpiresOn: ExpiresOn || null } }));
    } catch (error) {
      handleSaveError(error, form, { what: 'key' });
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          The key is shown once, right after it is made. To replace a key, make the new one, give it
          to the system, then revoke the old one: both work until then.
        </Text>
        <FutureDateInput
          label="Last day it works"
          description="Leave empty for a key that works until it is revoked."
          {...form.getInputProps('ExpiresOn')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-autofocus>
            Make the key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new key, once: copied from here or lost (the portal keeps only its hash). */
function SecretDialog({
  shown,
  onClose,
}: {
  shown: { client: string; key: IntegrationKeyCreated } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown ? `The new key of ${shown.client}` : ''}
      centered
      closeOnClickOutside={false}
    >
      {shown && (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" title="Copy it now">
            This is the only time the key is shown. The portal keeps only a fingerprint of it; a
            lost key cannot be recovered, only revoked and replaced.
          </Alert>
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="new-key"
          >
            {shown.key.Secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={shown.key.Secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy the key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have stored it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
