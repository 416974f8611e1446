/**
 * Creating or editing a customer: code, name, the addresses that receive notices, and the logo.
 * Validated with the shared schema before sending; the API's field messages land beside the
 * same fields. Whether the customer is active is changed in its own section (with a confirmation).
 */
import { TagsInput, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useState } from 'react';
import {
  customerCreateSchema,
  type CustomerCreateInput,
  type CustomerRow,
} from '../../../../shared/schemas/customer';
import { useRecordForm } from '../../../lib/use-record-form';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { UpperCaseInput } from '../../../ui/upper-case-input';
import { LogoField, type LogoChange } from './logo-field';

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
  onReload?: () => Promise<CustomerRow | undefined>;
  /** A new customer's name as the form first shows it (the company of an access request). */
  suggestedName?: string | undefined;
}

const valuesOf = (customer: CustomerRow | undefined): CustomerFormValues => ({
  CustomerCode: customer?.CustomerCode ?? '',
  CustomerName: customer?.CustomerName ?? '',
  EmailAddresses: customer?.EmailAddresses ?? [],
});

export function CustomerForm({
  customer,
  submitLabel,
  onSave,
  onReload,
  suggestedName,
}: CustomerFormProps) {
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const { form, submit, stale } = useRecordForm({
    record: customer,
    valuesOf: (row) =>
      row || !suggestedName ? valuesOf(row) : { ...valuesOf(row), CustomerName: suggestedName },
    validate: schemaResolver(customerCreateSchema, { sync: true }),
    what: 'customer',
    onSave: (values) =>
      onSave(
        values,
        logo.kind === 'replace' ? logo.base64 : logo.kind === 'remove' ? null : undefined,
      ),
    onReload,
    onReloaded: () => setLogo({ kind: 'keep' }),
  });

  const emailError =
    form.errors.EmailAddresses ??
    Object.entries(form.errors).find(([path]) => path.startsWith('EmailAddresses.'))?.[1];

  return (
    <FormFrame label={submitLabel} onSubmit={submit} maw={640}>
      {stale && <StaleRecordAlert {...stale} />}
      <UpperCaseInput
        label="Customer code"
        description="Unique, upper case, e.g. ACME"
        autoComplete="off"
        {...form.getInputProps('CustomerCode')}
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
      <SubmitRow loading={form.submitting} align="start">
        {submitLabel}
      </SubmitRow>
    </FormFrame>
  );
}
