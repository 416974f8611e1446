/**
 * The sign-in form. Props carry the operation and what happens after success, so the form can be
 * rendered (and tested) without Firebase or a router.
 *
 * Its two fields are kept by hand rather than by @mantine/form, which the other forms use: the
 * sign-in page is most visitors' first load, and the library (6 kB) would come with it
 * (docs/decisions/025). It behaves as those forms do: messages after a refused submit, a field's
 * message cleared as it is edited, the first invalid field focused, the button busy while sending.
 */
import { PasswordInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
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
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInValues, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof SignInValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...others }) => others);
    },
  });

  const startAttempt = () => {
    setError(null);
    setRetried(true);
  };
  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (submitting) return;
    const found: Partial<Record<keyof SignInValues, string>> = {};
    for (const name of ['email', 'password'] as const) {
      const message = signInRules[name](values[name]);
      if (message !== null) found[name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0)
      return focusFirstInvalidAfter(startAttempt)(found, values, event);
    startAttempt();
    setSubmitting(true);
    try {
      const result = await onSignIn(values.email, values.password);
      if (result.success) await onSignedIn();
      else setError(result.message);
    } finally {
      setSubmitting(false);
    }
  };

  // One alert at a time: this attempt's error, else the explanation of an earlier one.
  const message = error ?? (retried ? null : notice);

  return (
    <FormFrame label="Sign in" onSubmit={(event) => void submit(event)}>
      <AuthFailureAlert failure={message === null ? null : { message }} />
      <EmailField autoComplete="username" {...field('email')} />
      <PasswordInput label="Password" autoComplete="current-password" {...field('password')} />
      {passwordHelp}
      <SubmitRow loading={submitting} align="full">
        Sign in
      </SubmitRow>
    </FormFrame>
  );
}
