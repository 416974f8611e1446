/** Sends the password-reset email; always confirms neutrally (no account enumeration). */
import { Alert } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { AuthResult } from '../../../auth/auth-actions';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField } from './account-fields';
import { focusFirstInvalidAfter } from '../../../lib/invalid-focus';

export function ForgotPasswordForm({ onSend }: { onSend: (email: string) => Promise<AuthResult> }) {
  const [result, setResult] = useState<AuthResult | null>(null);
  const form = useForm<ForgotPasswordValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      setResult(null);
      setResult(await onSend(values.email));
    },
    focusFirstInvalidAfter(() => setResult(null)),
  );

  return (
    <FormFrame label="Reset your password" onSubmit={submit}>
      {result?.success === true && (
        <Alert color="teal" variant="light" role="status">
          {result.message}
        </Alert>
      )}
      <AuthFailureAlert failure={result?.success === false ? result : null} />
      <EmailField {...form.getInputProps('email')} />
      <SubmitRow loading={form.submitting} align="full">
        Send reset link
      </SubmitRow>
    </FormFrame>
  );
}
