/**
 * The thread of a request between the requester and staff, oldest first, and the box to write
 * on it while the request is open.
 */
import { Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createMessageSchema, type RequestDetail } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { usePostRequestMessage } from '../api/post-request-message';
import { formatDateTime } from '../../../../shared/format';
import { ActionError } from './action-error';
import classes from './requests.module.css';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/invalid-focus';

export interface RequestThreadProps {
  request: RequestDetail;
  /** Heading level of "Messages", so the page's outline stays in order. */
  headingOrder: 2 | 3 | 4;
  /** Whether the reader may write (the request is open and they are on a side of it). */
  canWrite: boolean;
  /** The reader is staff: their words are replies. */
  asStaff: boolean;
}

export function RequestThread({ request, headingOrder, canWrite, asStaff }: RequestThreadProps) {
  const post = usePostRequestMessage(request.Id);
  const keys = useIdempotencyKeys();
  const form = useForm({
    mode: 'controlled',
    initialValues: { Body: '' },
    validate: schemaResolver(createMessageSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());
  const label = asStaff ? 'Your reply' : 'Your message';

  const submit = form.onSubmit(async (values) => {
    const body = createMessageSchema.parse(values).Body;
    try {
      await post.mutateAsync({ body, key: keys.keyFor({ id: request.Id, body }) });
      keys.reset();
      form.reset();
      notifications.show({ color: 'teal', message: 'Message sent.' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.Body)
        form.setFieldError('Body', error.fields.Body);
    }
  }, focusFirstInvalid);

  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h4">
        Messages
      </Title>
      {request.Messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No messages yet.
        </Text>
      ) : (
        <ol className={classes.list} aria-label="Messages">
          {request.Messages.map((message) => (
            <li
              key={message.Id}
              className={classes.message}
              data-staff={message.FromStaff || undefined}
            >
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {message.AuthorName}
                  </Text>
                  {message.FromStaff && (
                    <Badge size="sm" variant="default">
                      Staff
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.At)}
                </Text>
              </Group>
              <Text size="sm" mt={4} className={classes.prewrap}>
                {message.Body}
              </Text>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form onSubmit={submit} noValidate aria-label={asStaff ? 'Reply' : 'Write a message'}>
          <Stack gap="xs">
            <ActionError error={post.error} />
            <Textarea
              label={label}
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('Body')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={post.isPending}>
                {asStaff ? 'Send reply' : 'Send message'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
