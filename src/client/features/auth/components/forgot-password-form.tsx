/** Sends the password-reset email; always confirms neutrally (no account enumeration). */
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { AuthResult } from '../../../auth/auth-actions';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../form-schemas';

export function ForgotPasswordForm({ onSend }: { onSend: (email: string) => Promise<AuthResult> }) {
  const [result, setResult] = useState<AuthResult | null>(null);
  const form = useForm<ForgotPasswordValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setResult(null);
    setResult(await onSend(values.email));
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        {result?.success === true && (
          <Alert color="teal" variant="light" role="status">
            {result.message}
          </Alert>
        )}
        {result?.success === false && (
          <Alert color="red" variant="light">
            {result.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
