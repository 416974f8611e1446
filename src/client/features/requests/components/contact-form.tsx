/**
 * "Contact us" (DESIGN §9): a subject and a message that land in the staff inbox, then a
 * confirmation. Replies appear in the sender's list of messages below the form.
 */
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  REQUEST_LIMITS,
  createContactRequestSchema,
  type RequestRow,
} from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateRequest } from '../api/create-request';
import { useIdempotencyKey } from '../api/idempotency-key';
import { ActionError } from './action-error';

const emptyForm = () => ({ Type: 'contact' as const, Subject: '', Payload: { Message: '' } });

export function ContactForm() {
  const create = useCreateRequest();
  const { keyFor, done } = useIdempotencyKey();
  const [sent, setSent] = useState<RequestRow | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyForm(),
    validate: schemaResolver(createContactRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const body = createContactRequestSchema.parse(values);
    try {
      setSent(await create.mutateAsync({ body, key: keyFor(body) }));
      done();
      form.setValues(emptyForm());
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
    }
  });

  if (sent !== null) {
    return (
      <Alert
        color="teal"
        variant="light"
        title="Thank you: your message reached our team"
        role="status"
      >
        <Stack gap="xs" align="flex-start">
          <span>
            We received “{sent.Subject}” (request #{sent.Id}). Our reply will appear in your
            messages below.
          </span>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              create.reset();
              setSent(null);
            }}
          >
            Write another message
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="md" maw={640}>
        <ActionError error={create.error} />
        <TextInput
          label="Subject"
          maxLength={REQUEST_LIMITS.subject}
          {...form.getInputProps('Subject')}
        />
        <Textarea
          label="Message"
          autosize
          minRows={4}
          maxRows={14}
          {...form.getInputProps('Payload.Message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
