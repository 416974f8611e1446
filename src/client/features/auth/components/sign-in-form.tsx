/**
 * The sign-in form. Props carry the operation and what happens after success, so the form can be
 * rendered (and tested) without Firebase or a router.
 */
import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import type { AuthResult } from '../../../auth/auth-actions';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { signInRules, type SignInValues } from '../sign-in-rules';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField } from './account-fields';
import { focusFirstInvalidAfter } from '../../../lib/invalid-focus';

export interface SignInFormProps {
  onSignIn: (email: string, password: string) => Promise<AuthResult>;
  onSignedIn: () => void | Promise<void>;
  /** Why an earlier attempt ended signed out (awaiting approval, deactivated…), if it did. */
  notice?: string | null;
  /** Shown under the password field, e.g. the "Forgot your password?" link. */
  passwordHelp?: ReactNode;
}

export function SignInForm({ onSignIn, onSignedIn, notice = null, passwordHelp }: SignInFormProps) {
  const [error, setError] = useState<string | null>(null);
  // The explanation of an earlier attempt stays until the person tries again.
  const [retried, setRetried] = useState(false);
  const form = useForm<SignInValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: signInRules,
  });

  const startAttempt = () => {
    setError(null);
    setRetried(true);
  };
  const submit = form.onSubmit(async (values) => {
    startAttempt();
    const result = await onSignIn(values.email, values.password);
    if (result.success) await onSignedIn();
    else setError(result.message);
  }, focusFirstInvalidAfter(startAttempt));

  // One alert at a time: this attempt's error, else the explanation of an earlier one.
  const message = error ?? (retried ? null : notice);

  return (
    <FormFrame label="Sign in" onSubmit={submit}>
      <AuthFailureAlert failure={message === null ? null : { message }} />
      <EmailField autoComplete="username" {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
      {passwordHelp}
      <SubmitRow loading={form.submitting} align="full">
        Sign in
      </SubmitRow>
    </FormFrame>
  );
}
