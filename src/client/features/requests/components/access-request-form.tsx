/**
 * Asking for access again (after a rejection, or when the request made at sign-up could not be
 * sent): the person's name, company, phone and what they need. The email is the account's own.
 */
import { Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createAccessRequestSchema, type AccessPayload } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateRequest } from '../api/create-request';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { ActionError } from './action-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

const EMPTY: AccessPayload = { FirstName: '', LastName: '', Company: '', Phone: '', Details: '' };

export function AccessRequestForm({
  initial,
  submitLabel,
}: {
  initial: AccessPayload | null;
  submitLabel: string;
}) {
  const create = useCreateRequest();
  const keys = useIdempotencyKeys();
  const form = useForm({
    mode: 'controlled',
    initialValues: { Type: 'access' as const, Payload: initial ?? EMPTY },
    validate: schemaResolver(createAccessRequestSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const body = createAccessRequestSchema.parse(values);
    try {
      await create.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      notifications.show({ color: 'teal', message: 'Your access request was sent.' });
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Access request">
      <Stack gap="md">
        <ActionError error={create.error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...form.getInputProps('Payload.FirstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...form.getInputProps('Payload.LastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Company"
          autoComplete="organization"
          {...form.getInputProps('Payload.Company')}
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('Payload.Phone')}
        />
        <Textarea
          label="What do you need access for?"
          autosize
          minRows={3}
          {...form.getInputProps('Payload.Details')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
