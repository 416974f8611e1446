/**
 * Change password (SPEC §5, §8): re-authenticates with the current password first; a failure
 * shows the provider's own message, plus the requirements after a password-policy error.
 */
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useState } from 'react';
import type { ChangePasswordResult } from '../../../auth/auth-actions';
import { changePasswordSchema, type ChangePasswordValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';

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

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = await onChange(values.currentPassword, values.password);
    if (result.success) {
      form.reset();
      onChanged(result.message);
    } else {
      setFailure(result);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="md" maw={420}>
        <AuthFailureAlert failure={failure} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
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
        <Group>
          <Button type="submit" loading={form.submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
