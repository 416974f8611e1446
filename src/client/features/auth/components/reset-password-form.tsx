/** The new-password step of a reset (the code was verified before this form shows). */
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { AuthFailure, AuthResult } from '../../../auth/auth-actions';
import { resetPasswordSchema, type ResetPasswordValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';

export interface ResetPasswordFormProps {
  email: string;
  onConfirm: (newPassword: string) => Promise<AuthResult>;
  onDone: () => void;
}

export function ResetPasswordForm({ email, onConfirm, onDone }: ResetPasswordFormProps) {
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<ResetPasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = await onConfirm(values.password);
    if (result.success) onDone();
    else setFailure(result);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <Text>
          Choose a new password for <strong>{email}</strong>.
        </Text>
        <AuthFailureAlert failure={failure} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
