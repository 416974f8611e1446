/**
 * A new password typed twice (sign-up, reset, change): the second field catches a typo before the
 * provider stores a password nobody knows. The schemas' `confirmPassword` rule says they match.
 */
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export function NewPasswordFields({
  password,
  confirm,
  label = 'New password',
  description,
}: {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  /** The first field's label; the second's is "Confirm …" of it. */
  label?: string;
  description?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={description}
        {...password}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
