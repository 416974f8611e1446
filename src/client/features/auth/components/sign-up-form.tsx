/**
 * "Create an account": a self sign-up creates the Firebase account and an access request that staff
 * approve. The person is told plainly that access waits for approval.
 */
import { Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useState } from 'react';
import type { AuthFailure, AuthResult, SignUpInput } from '../../../auth/auth-actions';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../../auth/password-policy';
import { AccessRequestFields, type AccessField } from '../../../ui/access-request-fields';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { signUpSchema, type SignUpValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField, NewPasswordFields } from './account-fields';
import { focusFirstInvalidAfter } from '../../../lib/invalid-focus';

/** Where the sign-up keeps each field of the access request it sends. */
const ACCESS_FIELDS = {
  FirstName: 'firstName',
  LastName: 'lastName',
  Company: 'company',
  Phone: 'phone',
  Details: 'details',
} as const satisfies Record<AccessField, keyof SignUpValues>;

export interface SignUpFormProps {
  onSignUp: (input: SignUpInput) => Promise<AuthResult<{ requestSent: boolean }>>;
  onSignedUp: (result: { requestSent: boolean; message: string }) => void | Promise<void>;
}

export function SignUpForm({ onSignUp, onSignedUp }: SignUpFormProps) {
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      company: '',
      phone: '',
      email: '',
      password: '',
      confirmPassword: '',
      details: '',
    },
    validate: schemaResolver(signUpSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      const result = await onSignUp(values);
      if (result.success) await onSignedUp(result);
      else setFailure(result);
    },
    focusFirstInvalidAfter(() => setFailure(null)),
  );

  return (
    <FormFrame label="Create an account" onSubmit={submit}>
      <Text size="sm">
        Ask for access to the portal. Our staff review each request and link your account to your
        company; you can sign in once it is approved.
      </Text>
      <AuthFailureAlert failure={failure} />
      <AccessRequestFields
        inputProps={(field) => form.getInputProps(ACCESS_FIELDS[field])}
        detailsDescription="For example: placing orders for our plant in Springfield, following shipments."
      >
        <EmailField {...form.getInputProps('email')} />
        <NewPasswordFields
          label="Password"
          description={`At least ${DEFAULT_MIN_PASSWORD_LENGTH} characters.`}
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirmPassword')}
        />
      </AccessRequestFields>
      <SubmitRow loading={form.submitting}>Request access</SubmitRow>
    </FormFrame>
  );
}
