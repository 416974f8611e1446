/**
 * Inviting or editing a user: names, role, the customer of a customer's person (and the roles they
 * hold beside the first, and a buyer's spending limits), plant and the Sales flags. Validated with
 * the shared schemas, which also hold the rule that a customer's people need a customer and staff
 * have none; the API's field messages land beside the fields.
 */
import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { CUSTOMER_SIDE_ROLES, isCustomerSideRoleId, ROLES } from '../../../../shared/roles';
import { holdsBuyerRole, roleIdsOf, roleLabel } from '../../../../shared/role-sets';
import { MoneyInput } from '../../../ui/money-input';
import { limitText, notAnAmount, readLimit } from '../../../lib/limit-fields';
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
  /** A customer's person's roles beside the first. */
  ExtraRoleIds: number[];
  CustomerId: number | null;
  /** A buyer's spending limits, as typed in the customer's currency; empty for none. */
  OrderLimit: string;
  MonthlyLimit: string;
  PlantNbr: string;
  SalesAdmin: boolean;
  SalesRep: boolean;
  CorporateId: string;
}

/** The currency limits are typed in: the user's customer's, dollars for a new one. */
const currencyOf = (user: UserRow | undefined) => user?.CustomerCurrency ?? 'USD';

const valuesOf = (user: UserRow | undefined): UserFormValues => ({
  Email: user?.Email ?? '',
  FirstName: user?.FirstName ?? '',
  LastName: user?.LastName ?? '',
  RoleId: user?.RoleId ?? ROLES.Customer.RoleId,
  ExtraRoleIds: user ? user.RoleIds.filter((id) => id !== user.RoleId) : [],
  CustomerId: user?.CustomerId ?? null,
  OrderLimit: limitText(user?.OrderLimit, currencyOf(user)),
  MonthlyLimit: limitText(user?.MonthlyLimit, currencyOf(user)),
  PlantNbr: user?.PlantNbr ?? '',
  SalesAdmin: user?.SalesAdmin ?? false,
  SalesRep: user?.SalesRep ?? false,
  CorporateId: user?.CorporateId ?? '',
});

const LIMIT_FIELDS = ['OrderLimit', 'MonthlyLimit'] as const;
const buysWith = (values: Pick<UserFormValues, 'RoleId' | 'ExtraRoleIds'>) =>
  holdsBuyerRole(roleIdsOf(values.RoleId, values.ExtraRoleIds));

/**
 * A typed limit in minor units: null for none, or for someone who does not buy. Text that is no
 * amount is refused by `limitTextErrors` before any body is made of it.
 */
function limitOf(
  values: Omit<UserFormValues, 'Email'>,
  field: (typeof LIMIT_FIELDS)[number],
  currency: string,
) {
  return buysWith(values) ? (readLimit(values[field], currency) ?? null) : null;
}

/** The limits typed as something that is no amount, by field. */
function limitTextErrors(values: UserFormValues, currency: string): Record<string, string> {
  if (!buysWith(values)) return {};
  return Object.fromEntries(
    LIMIT_FIELDS.filter((field) => readLimit(values[field], currency) === undefined).map(
      (field) => [field, notAnAmount(currency)],
    ),
  );
}

function bodyOf({ Email: _email, ...values }: UserFormValues, currency: string) {
  const customerSide = isCustomerSideRoleId(values.RoleId);
  return {
    ...values,
    ExtraRoleIds: customerSide ? values.ExtraRoleIds : [],
    OrderLimit: limitOf(values, 'OrderLimit', currency),
    MonthlyLimit: limitOf(values, 'MonthlyLimit', currency),
  };
}

/** The body of an invitation. */
export const toCreateInput = (values: UserFormValues, currency = 'USD'): UserCreateInput => ({
  Email: values.Email,
  ...bodyOf(values, currency),
});

/** The body of an update: the email stays as invited; Active is changed in its own section. */
export function toUpdateInput(
  values: UserFormValues,
  active: boolean,
  currency = 'USD',
): UserUpdateInput {
  return { ...bodyOf(values, currency), Active: active };
}

/** The body that changes nothing of the user but whether they are active. */
export const activeChangeOf = (user: UserRow, active: boolean): UserUpdateInput => ({
  FirstName: user.FirstName,
  LastName: user.LastName,
  RoleId: user.RoleId,
  ExtraRoleIds: user.RoleIds.filter((id) => id !== user.RoleId),
  CustomerId: user.CustomerId,
  PlantNbr: user.PlantNbr,
  SalesAdmin: user.SalesAdmin,
  SalesRep: user.SalesRep,
  CorporateId: user.CorporateId,
  OrderLimit: user.OrderLimit,
  MonthlyLimit: user.MonthlyLimit,
  Active: active,
});

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
  const currency = currencyOf(props.mode === 'edit' ? props.user : undefined);
  const { form, submit, stale } = useRecordForm({
    record: props.mode === 'edit' ? props.user : undefined,
    valuesOf,
    validate: (values) => ({
      ...(props.mode === 'invite'
        ? validateCreate(toCreateInput(values, currency))
        : validateUpdate(toUpdateInput(values, props.user.Active, currency))),
      ...limitTextErrors(values, currency),
    }),
    what: 'user',
    onSave: (values) =>
      props.mode === 'invite'
        ? props.onSave(toCreateInput(values, currency))
        : props.onSave(toUpdateInput(values, props.user.Active, currency)),
    onReload: props.mode === 'edit' ? props.onReload : undefined,
  });
  const customerSide = isCustomerSideRoleId(form.values.RoleId);
  const buyer = holdsBuyerRole(roleIdsOf(form.values.RoleId, form.values.ExtraRoleIds));
  const extraError =
    typeof form.errors.ExtraRoleIds === 'string' ? form.errors.ExtraRoleIds : undefined;

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
          form.setFieldValue(
            'ExtraRoleIds',
            form.values.ExtraRoleIds.filter((id) => id !== roleId),
          );
          // Only a customer's people belong to a customer, and hold more of its roles.
          if (!isCustomerSideRoleId(roleId)) {
            form.setFieldValue('CustomerId', null);
            form.setFieldValue('ExtraRoleIds', []);
          }
        }}
      />
      {customerSide &&
        props.customerField({
          value: form.values.CustomerId,
          onChange: (customerId) => form.setFieldValue('CustomerId', customerId),
          error: typeof form.errors.CustomerId === 'string' ? form.errors.CustomerId : undefined,
        })}
      {customerSide && (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm">
            Also holds
          </Text>
          {CUSTOMER_SIDE_ROLES.filter((role) => role.RoleId !== form.values.RoleId).map((role) => (
            <Checkbox
              key={role.RoleId}
              label={roleLabel(role.RoleId)}
              checked={form.values.ExtraRoleIds.includes(role.RoleId)}
              error={Boolean(extraError)}
              onChange={(event) =>
                form.setFieldValue(
                  'ExtraRoleIds',
                  event.currentTarget.checked
                    ? [...form.values.ExtraRoleIds, role.RoleId]
                    : form.values.ExtraRoleIds.filter((id) => id !== role.RoleId),
                )
              }
            />
          ))}
          {extraError && (
            <Text c="red" size="sm" role="alert">
              {extraError}
            </Text>
          )}
        </Stack>
      )}
      {buyer && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyInput
            label="Spending limit per order"
            description="Over it, an order waits for the customer's approvers. Empty: none."
            currency={currency}
            {...form.getInputProps('OrderLimit')}
          />
          <MoneyInput
            label="Spending limit per month"
            description="Counted per calendar month. Empty: none."
            currency={currency}
            {...form.getInputProps('MonthlyLimit')}
          />
        </SimpleGrid>
      )}
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
