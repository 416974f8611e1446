/**
 * Asking for access again (after a rejection, or when the request made at sign-up could not be
 * sent): the person's name, company, phone and what they need. The email is the account's own.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createAccessRequestSchema, type AccessPayload } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateRequest } from '../api/create-request';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { ActionError } from './action-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { AccessRequestFields } from '../../../ui/access-request-fields';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { focusFirstInvalid } from '../../../lib/invalid-focus';

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
  }, focusFirstInvalid);

  return (
    <FormFrame label="Access request" onSubmit={submit}>
      <ActionError error={create.error} />
      <AccessRequestFields inputProps={(field) => form.getInputProps(`Payload.${field}`)} />
      <SubmitRow loading={create.isPending}>{submitLabel}</SubmitRow>
    </FormFrame>
  );
}
