/**
 * The account's own fields on the sign-in screens: its email, and a new password typed twice
 * (sign-up, reset, change) so that a typo is caught before the provider stores a password nobody
 * knows. The form schemas (`email`, and `confirmPassword` matching) check them.
 */
import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export function EmailField({
  autoComplete = 'email',
  ...inputProps
}: GetInputPropsReturnType & {
  /** `username` where the browser should offer a saved sign-in. */
  autoComplete?: 'email' | 'username';
}) {
  return <TextInput label="Email" type="email" autoComplete={autoComplete} {...inputProps} />;
}

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
