/**
 * Inviting a colleague or changing one, for the company's administrators: name, the company's
 * roles (a Viewer alone), and a buyer's spending limits in the company's currency. An
 * administrator's own limits are set by someone else, and they do not deactivate themselves; the
 * API refuses both as well. What the API refuses lands beside its field.
 */
import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CUSTOMER_SIDE_ROLES } from '../../../../shared/roles';
import {
  CUSTOMER_ROLE_DESCRIPTIONS,
  holdsBuyerRole,
  roleLabel,
} from '../../../../shared/role-sets';
import type { CompanyPerson } from '../../../../shared/schemas/company';
import { handleSaveError } from '../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/invalid-focus';
import { NameFields } from '../../../ui/access-request-fields';
import { MoneyInput } from '../../../ui/money-input';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { useSavePerson } from '../api/save-person';
import { inviteBody, toggleRole, updateBody, valuesOf, type PersonValues } from '../person-values';

export function PersonForm({
  person,
  currency,
  isSelf,
  onDone,
  onReload,
}: {
  /** The colleague to change; null to invite one. */
  person: CompanyPerson | null;
  currency: string;
  /** The administrator's own row. */
  isSelf: boolean;
  onDone: () => void;
  /** Loads the people again after a 412. */
  onReload: () => void;
}) {
  const save = useSavePerson();
  const keys = useIdempotencyKeys();
  const [stale, setStale] = useState(false);
  const form = useForm<PersonValues>({
    mode: 'controlled',
    initialValues: valuesOf(person, currency),
    validate: (values) =>
      person ? updateBody(values, currency).errors : inviteBody(values, currency).errors,
  });
  const buyer = holdsBuyerRole(form.values.RoleIds);
  const rolesError = form.errors.RoleIds;

  const submit = form.onSubmit(async (values, event) => {
    const element = event?.currentTarget;
    try {
      if (person) {
        const { body } = updateBody(values, currency);
        await save.mutateAsync({
          kind: 'update',
          id: person.Id,
          version: person.Version,
          input: body,
        });
        notifications.show({
          color: 'teal',
          title: 'Saved',
          message: `${values.FirstName} ${values.LastName} is up to date.`,
        });
      } else {
        const { body } = inviteBody(values, currency);
        await save.mutateAsync({ kind: 'invite', input: body, idempotencyKey: keys.keyFor(body) });
        keys.reset();
        notifications.show({
          color: 'teal',
          title: 'Invitation sent',
          message: `${body.Email} gets an email to choose a password and sign in.`,
        });
      }
      onDone();
    } catch (error) {
      handleSaveError(error, form, { what: 'person', onStale: () => setStale(true) });
      focusFirstInvalidIn(element);
    }
  }, focusFirstInvalid);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={person ? 'Change a colleague' : 'Invite a colleague'}
    >
      <Stack gap="md">
        {stale && (
          <StaleRecordAlert
            onReload={() => {
              onReload();
              onDone();
            }}
            reloading={false}
          />
        )}
        {person ? (
          <TextInput label="Email" value={person.Email} readOnly />
        ) : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            description="The invitation goes here; it is also their sign-in name."
            {...form.getInputProps('Email')}
          />
        )}
        <NameFields
          first={form.getInputProps('FirstName')}
          last={form.getInputProps('LastName')}
          autoComplete={false}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm">
            Roles
          </Text>
          {CUSTOMER_SIDE_ROLES.map((role) => (
            <Checkbox
              key={role.RoleId}
              label={roleLabel(role.RoleId)}
              description={CUSTOMER_ROLE_DESCRIPTIONS[role.RoleId]}
              checked={form.values.RoleIds.includes(role.RoleId)}
              onChange={(event) =>
                form.setFieldValue(
                  'RoleIds',
                  toggleRole(form.values.RoleIds, role.RoleId, event.currentTarget.checked),
                )
              }
              error={Boolean(rolesError)}
            />
          ))}
          {rolesError && (
            <Text c="red" size="sm" role="alert">
              {rolesError}
            </Text>
          )}
        </Stack>
        {buyer && (
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm">
              Spending limits
            </Text>
            <Text size="sm" c="dimmed">
              {isSelf
                ? 'Your own limits are set by another administrator of your company, or by the plant.'
                : 'An order over a limit waits for one of your approvers. Leave a limit empty for none.'}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <MoneyInput
                label="Per order"
                currency={currency}
                disabled={isSelf}
                {...form.getInputProps('OrderLimit')}
              />
              <MoneyInput
                label="Per calendar month"
                currency={currency}
                disabled={isSelf}
                {...form.getInputProps('MonthlyLimit')}
              />
            </SimpleGrid>
          </Stack>
        )}
        {person && !isSelf && (
          <Switch
            label="Active"
            description="Off: they are signed out everywhere at once and cannot sign in."
            {...form.getInputProps('Active', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {person ? 'Save' : 'Send invitation'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
