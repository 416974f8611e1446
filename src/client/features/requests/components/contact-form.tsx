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
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../auth/auth-context';
import { ApiRequestError } from '../../../lib/api-client';
import { submitOrQueue } from '../../../lib/device-store';
import { requestKeys } from '../api/keys';
import { ActionError } from './action-error';

const emptyForm = () => ({ Type: 'contact' as const, Subject: '', Payload: { Message: '' } });

type Outcome = { queued: false; row: RequestRow } | { queued: true; subject: string };

/**
 * Sent at once when online; without a connection the message waits in the outbox (DESIGN §8)
 * and goes out, exactly once, when the connection returns.
 */
export function ContactForm() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<Outcome | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyForm(),
    validate: schemaResolver(createContactRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (user === null) return;
    const body = createContactRequestSchema.parse(values);
    setSending(true);
    setError(null);
    try {
      const outcome = await submitOrQueue<{ data: RequestRow[] }>(user.Uid, {
        kind: 'contact',
        label: `Message: ${body.Subject}`,
        path: '/api/db/requests',
        body,
        customerId: user.customer?.CustomerId ?? null,
      });
      if (outcome.queued) {
        setSent({ queued: true, subject: body.Subject });
      } else {
        setSent({ queued: false, row: outcome.answer.data[0]! });
        void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      }
      form.setValues(emptyForm());
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiRequestError) form.setErrors(failure.fields);
    } finally {
      setSending(false);
    }
  });

  if (sent !== null) {
    return (
      <Alert
        color={sent.queued ? 'gray' : 'teal'}
        variant="light"
        title={
          sent.queued
            ? 'Queued: your message will be sent when you are back online'
            : 'Thank you: your message reached our team'
        }
        role="status"
      >
        <Stack gap="xs" align="flex-start">
          <span>
            {sent.queued
              ? `“${sent.subject}” waits in the outbox on this device and is sent automatically once you have a connection.`
              : `We received “${sent.row.Subject}” (request #${sent.row.Id}). Our reply will appear in your messages below.`}
          </span>
          <Button size="xs" variant="default" onClick={() => setSent(null)}>
            Write another message
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="md" maw={640}>
        <ActionError error={error} />
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
          <Button type="submit" loading={sending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
