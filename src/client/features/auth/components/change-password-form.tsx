/**
 * Change password: re-authenticates with the current password first. The result of a failure
 * carries the provider's own message; the screen shows the plain sentence for its code instead,
 * plus the requirements after a password-policy error. Each attempt clears the alert of the one
 * before, even one the form refuses before asking the provider.
 */
import { PasswordInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useState } from 'react';
import type { ChangePasswordResult } from '../../../auth/auth-actions';
import { friendlyAuthMessage } from '../../../auth/auth-messages';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { changePasswordSchema, type ChangePasswordValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';
import { NewPasswordFields } from './account-fields';
import { focusFirstInvalidAfter } from '../../../lib/invalid-focus';

export interface ChangePasswordFormProps {
  onChange: (currentPassword: string, newPassword: string) => Promise<ChangePasswordResult>;
  onChanged: (message: string) => void;
}

export function ChangePasswordForm({ onChange, onChanged }: ChangePasswordFormProps) {
  const [failure, setFailure] = useState<ChangePasswordResult | null>(null);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      const result = await onChange(values.currentPassword, values.password);
      if (result.success) {
        form.reset();
        onChanged(result.message);
      } else {
        setFailure(result);
      }
    },
    focusFirstInvalidAfter(() => setFailure(null)),
  );

  return (
    <FormFrame label="Change password" onSubmit={submit} maw={420}>
      <AuthFailureAlert
        failure={
          failure && {
            message: friendlyAuthMessage(failure.code ?? null, 'change-password'),
            requirements: failure.requirements,
          }
        }
      />
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <NewPasswordFields
        password={form.getInputProps('password')}
        confirm={form.getInputProps('confirmPassword')}
      />
      <SubmitRow loading={form.submitting} align="start">
        Change password
      </SubmitRow>
    </FormFrame>
  );
}
