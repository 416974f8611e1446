/**
 * "Contact us": a subject and a message that land in the staff inbox, then a confirmation. Replies
 * appear in the sender's list of messages below the form.
 */
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { customerInEffect } from '../../../../shared/access';
import { REQUEST_LIMITS, createContactRequestSchema } from '../../../../shared/schemas/requests';
import { useAuth } from '../../../auth/auth-context';
import { useOutboxForm } from '../../../lib/use-outbox-form';
import { DraftNotice } from '../../../ui/draft-notice';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { createQuoteOrContact } from '../api/create-request';
import { ActionError } from './action-error';

/** The draft's name on the device. */
const DRAFT = 'contact';

const emptyForm = () => ({ Type: 'contact' as const, Subject: '', Payload: { Message: '' } });

/**
 * Sent at once when online; without a connection the message waits in the outbox and goes out,
 * exactly once, when the connection returns.
 */
export function ContactForm() {
  const auth = useAuth();
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyForm(),
    validate: schemaResolver(createContactRequestSchema, { sync: true }),
  });
  // The form says itself that it was sent or queued, in place of the form.
  const outbox = useOutboxForm({
    form,
    uid: auth.user?.Uid ?? null,
    draftName: DRAFT,
    page: '/contact-us',
    create: (values) =>
      createQuoteOrContact(
        createContactRequestSchema.parse(values),
        customerInEffect(auth)?.CustomerId ?? null,
      ),
  });
  const sent = outbox.submitted;

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
              ? `“${sent.label}” waits in the outbox on this device and is sent automatically once you have a connection.`
              : `We received “${sent.answer.Subject}” (request #${sent.answer.Id}). Our reply will appear in your messages below.`}
          </span>
          <Button size="xs" variant="default" onClick={outbox.reset}>
            Write another message
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <FormFrame label="Contact us" onSubmit={outbox.submit} maw={640}>
      <DraftNotice draft={outbox.draft} />
      <ActionError error={outbox.failure} />
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
      <SubmitRow loading={outbox.sending}>Send message</SubmitRow>
    </FormFrame>
  );
}
