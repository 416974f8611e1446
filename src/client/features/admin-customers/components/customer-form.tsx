/**
 * Creating or editing a customer: code, name, the addresses that receive notices, and the logo.
 * Validated with the shared schema before sending; the API's field messages land beside the
 * same fields. Whether the customer is active is changed in its own section (with a confirmation).
 */
import { Button, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  customerCreateSchema,
  type CustomerCreateInput,
  type CustomerRow,
} from '../../../../shared/schemas/customer';
import { handleSaveError } from '../../../lib/api-errors';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { LogoField, type LogoChange } from './logo-field';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

export interface CustomerFormValues {
  CustomerCode: string;
  CustomerName: string;
  EmailAddresses: string[];
}

export interface CustomerFormProps {
  /** The customer being edited (its latest loaded version), or undefined to create one. */
  customer?: CustomerRow | undefined;
  submitLabel: string;
  /** Saves; rejects with the API's error, which the form shows. */
  onSave: (
    values: CustomerFormValues,
    logo: CustomerCreateInput['Logo'] | undefined,
  ) => Promise<unknown>;
  /** Reloads the customer after a 412. */
  onReload?: () => Promise<unknown>;
}

export function CustomerForm({ customer, submitLabel, onSave, onReload }: CustomerFormProps) {
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: {
      CustomerCode: customer?.CustomerCode ?? '',
      CustomerName: customer?.CustomerName ?? '',
      EmailAddresses: customer?.EmailAddresses ?? [],
    },
    validate: schemaResolver(customerCreateSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const logoInput =
      logo.kind === 'replace' ? logo.base64 : logo.kind === 'remove' ? null : undefined;
    try {
      await onSave(values, logoInput);
    } catch (error) {
      handleSaveError(error, form, { what: 'customer', onStale: () => setStale(true) });
    }
  });

  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = (await onReload()) as CustomerRow | undefined;
      if (fresh) {
        const values = {
          CustomerCode: fresh.CustomerCode,
          CustomerName: fresh.CustomerName,
          EmailAddresses: fresh.EmailAddresses,
        };
        form.setValues(values);
        form.resetDirty(values);
        setLogo({ kind: 'keep' });
        setStale(false);
      }
    } finally {
      setReloading(false);
    }
  };

  const emailError =
    form.errors.EmailAddresses ??
    Object.entries(form.errors).find(([path]) => path.startsWith('EmailAddresses.'))?.[1];

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md" maw={640}>
        {stale && <StaleRecordAlert onReload={() => void reload()} reloading={reloading} />}
        <TextInput
          label="Customer code"
          description="Unique, upper case, e.g. ACME"
          autoComplete="off"
          {...form.getInputProps('CustomerCode')}
          onChange={(event) =>
            form.setFieldValue('CustomerCode', event.currentTarget.value.toUpperCase())
          }
        />
        <TextInput
          label="Customer name"
          autoComplete="organization"
          {...form.getInputProps('CustomerName')}
        />
        <TagsInput
          label="Notice email addresses (optional)"
          description="Addresses that receive notices about orders and requests. Press Enter or comma after each."
          splitChars={[',', ' ', ';']}
          {...form.getInputProps('EmailAddresses')}
          error={emailError}
        />
        <LogoField
          current={customer?.CustomerLogo ?? null}
          change={logo}
          onChange={setLogo}
          error={form.errors.Logo}
          onError={(message) =>
            message === null ? form.clearFieldError('Logo') : form.setFieldError('Logo', message)
          }
          customerName={form.values.CustomerName}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
