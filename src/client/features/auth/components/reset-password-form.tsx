/** The new-password step of a reset (the code was verified before this form shows). */
import { Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { AuthFailure, AuthResult } from '../../../auth/auth-actions';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { resetPasswordSchema, type ResetPasswordValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';
import { NewPasswordFields } from './account-fields';
import { focusFirstInvalidAfter } from '../../../lib/invalid-focus';

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

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      const result = await onConfirm(values.password);
      if (result.success) onDone();
      else setFailure(result);
    },
    focusFirstInvalidAfter(() => setFailure(null)),
  );

  return (
    <FormFrame label="Choose a new password" onSubmit={submit}>
      <Text>
        Choose a new password for <strong>{email}</strong>.
      </Text>
      <AuthFailureAlert failure={failure} />
      <NewPasswordFields
        password={form.getInputProps('password')}
        confirm={form.getInputProps('confirmPassword')}
      />
      <SubmitRow loading={form.submitting} align="full">
        Set new password
      </SubmitRow>
    </FormFrame>
  );
}
