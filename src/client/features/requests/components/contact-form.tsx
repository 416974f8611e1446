/**
 * "Contact us": a subject and a message that land in the staff inbox, then a confirmation. Replies
 * appear in the sender's list of messages below the form.
 */
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { REQUEST_LIMITS, createContactRequestSchema } from '../../../../shared/schemas/requests';
import { useAuth } from '../../../auth/auth-context';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormDraft } from '../../../lib/use-form-draft';
import { DraftNotice } from '../../../ui/draft-notice';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { useSubmitRequest, type SubmitOutcome } from '../api/create-request';
import { ActionError } from './action-error';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/invalid-focus';

/** The draft's name on the device, and the page that shows the form. */
const DRAFT = 'contact';

const emptyForm = () => ({ Type: 'contact' as const, Subject: '', Payload: { Message: '' } });

/**
 * Sent at once when online; without a connection the message waits in the outbox and goes out,
 * exactly once, when the connection returns.
 */
export function ContactForm() {
  const { user } = useAuth();
  const submitRequest = useSubmitRequest();
  const [sent, setSent] = useState<SubmitOutcome | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyForm(),
    validate: schemaResolver(createContactRequestSchema, { sync: true }),
  });
  const draft = useFormDraft(form, user?.Uid ?? null, DRAFT, () => setSent(null));

  const submit = form.onSubmit(async (values, event) => {
    const element = event?.currentTarget;
    const body = createContactRequestSchema.parse(values);
    try {
      setSent(await submitRequest.send(body, { form: DRAFT, values, path: '/contact-us' }));
      await draft.submitted();
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
      // Refused by the server: to its message, beside a field or above the form.
      focusFirstInvalidIn(element);
    }
  }, focusFirstInvalid);

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
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              submitRequest.reset();
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
    <FormFrame label="Contact us" onSubmit={submit} maw={640}>
      <DraftNotice draft={draft} />
      <ActionError error={submitRequest.error} />
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
      <SubmitRow loading={submitRequest.isPending}>Send message</SubmitRow>
    </FormFrame>
  );
}
