/**
 * "Create an account": a self sign-up creates the Firebase account and an access request that
 * staff approve (DESIGN §5). The person is told plainly that access waits for approval.
 */
import {
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useState } from 'react';
import type { AuthFailure, AuthResult, SignUpInput } from '../../../auth/auth-actions';
import { signUpSchema, type SignUpValues } from '../form-schemas';
import { AuthFailureAlert } from './auth-failure-alert';

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

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = await onSignUp(values);
    if (result.success) await onSignedUp(result);
    else setFailure(result);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="md">
        <Text size="sm">
          Ask for access to the portal. Our staff review each request and link your account to your
          company; you can sign in once it is approved.
        </Text>
        <AuthFailureAlert failure={failure} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 6 characters."
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Textarea
          label="What do you need access for?"
          description="For example: placing orders for our plant in Springfield, following shipments."
          autosize
          minRows={3}
          {...form.getInputProps('details')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Request access
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
