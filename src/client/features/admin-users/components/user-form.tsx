/**
 * Inviting or editing a user: names, role, the customer of a buyer, plant and the Sales flags.
 * Validated with the shared schemas, which also hold the rule that a buyer (Customer role) needs a
 * customer and staff have none; the API's field messages land beside the fields.
 */
import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { ROLES } from '../../../../shared/roles';
import {
  userCreateSchema,
  userUpdateSchema,
  type UserCreateInput,
  type UserRow,
  type UserUpdateInput,
} from '../../../../shared/schemas/user';
import { useRecordForm } from '../../../lib/use-record-form';
import { NameFields } from '../../../ui/access-request-fields';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { ROLE_OPTIONS } from './role-label';

export interface UserFormValues {
  Email: string;
  FirstName: string;
  LastName: string;
  RoleId: number;
  CustomerId: number | null;
  PlantNbr: string;
  SalesAdmin: boolean;
  SalesRep: boolean;
  CorporateId: string;
}

const valuesOf = (user: UserRow | undefined): UserFormValues => ({
  Email: user?.Email ?? '',
  FirstName: user?.FirstName ?? '',
  LastName: user?.LastName ?? '',
  RoleId: user?.RoleId ?? ROLES.Customer.RoleId,
  CustomerId: user?.CustomerId ?? null,
  PlantNbr: user?.PlantNbr ?? '',
  SalesAdmin: user?.SalesAdmin ?? false,
  SalesRep: user?.SalesRep ?? false,
  CorporateId: user?.CorporateId ?? '',
});

/** The body of an invitation. */
export const toCreateInput = (values: UserFormValues): UserCreateInput => ({ ...values });

/** The body of an update: the email stays as invited; Active is changed in its own section. */
export function toUpdateInput(
  { Email: _email, ...values }: UserFormValues,
  active: boolean,
): UserUpdateInput {
  return { ...values, Active: active };
}

const validateCreate = schemaResolver(userCreateSchema, { sync: true });
const validateUpdate = schemaResolver(userUpdateSchema, { sync: true });

export type UserFormProps = {
  /** A buyer's customer (active customers, and the one already chosen). */
  customerField: CustomerSlot;
} & (
  | {
      mode: 'invite';
      submitLabel: string;
      onSave: (input: UserCreateInput) => Promise<unknown>;
    }
  | {
      mode: 'edit';
      user: UserRow;
      submitLabel: string;
      onSave: (input: UserUpdateInput) => Promise<unknown>;
      onReload: () => Promise<UserRow | undefined>;
    }
);

export function UserForm(props: UserFormProps) {
  const { form, submit, stale } = useRecordForm({
    record: props.mode === 'edit' ? props.user : undefined,
    valuesOf,
    validate: (values) =>
      props.mode === 'invite'
        ? validateCreate(toCreateInput(values))
        : validateUpdate(toUpdateInput(values, props.user.Active)),
    what: 'user',
    onSave: (values) =>
      props.mode === 'invite'
        ? props.onSave(toCreateInput(values))
        : props.onSave(toUpdateInput(values, props.user.Active)),
    onReload: props.mode === 'edit' ? props.onReload : undefined,
  });
  const buyer = form.values.RoleId === ROLES.Customer.RoleId;

  return (
    <FormFrame label={props.submitLabel} onSubmit={submit} maw={640}>
      {stale && <StaleRecordAlert {...stale} />}
      {props.mode === 'invite' ? (
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          description="The invitation goes here; it is also the person's sign-in name."
          {...form.getInputProps('Email')}
        />
      ) : (
        <TextInput
          label="Email"
          value={form.values.Email}
          readOnly
          description="The sign-in name stays as invited."
        />
      )}
      <NameFields
        first={form.getInputProps('FirstName')}
        last={form.getInputProps('LastName')}
        autoComplete={false}
      />
      <NativeSelect
        label="Role"
        data={ROLE_OPTIONS}
        error={form.errors.RoleId}
        value={String(form.values.RoleId)}
        onChange={(event) => {
          const roleId = Number(event.currentTarget.value);
          form.setFieldValue('RoleId', roleId);
          // Only buyers belong to a customer.
          if (roleId !== ROLES.Customer.RoleId) form.setFieldValue('CustomerId', null);
        }}
      />
      {buyer &&
        props.customerField({
          value: form.values.CustomerId,
          onChange: (customerId) => form.setFieldValue('CustomerId', customerId),
          error: typeof form.errors.CustomerId === 'string' ? form.errors.CustomerId : undefined,
        })}
      <Group grow align="flex-start">
        <TextInput label="Plant number (optional)" {...form.getInputProps('PlantNbr')} />
        <TextInput label="Corporate id (optional)" {...form.getInputProps('CorporateId')} />
      </Group>
      <Checkbox
        label="Sales administrator"
        {...form.getInputProps('SalesAdmin', { type: 'checkbox' })}
      />
      <Checkbox
        label="Sales representative"
        {...form.getInputProps('SalesRep', { type: 'checkbox' })}
      />
      <SubmitRow loading={form.submitting} align="start">
        {props.submitLabel}
      </SubmitRow>
    </FormFrame>
  );
}
