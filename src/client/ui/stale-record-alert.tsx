/**
 * The answer to a 412 (docs/product/api.md#if-match): someone else saved this record since it was
 * loaded, nothing was saved, and a reload shows the current version.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessage, isStale } from '../lib/api-errors';

const WORDS = {
  /** An edit form: the person's changes were not saved. */
  edit: {
    title: 'Changed by someone else — reload',
    text: 'This record was changed by someone else after you opened it, so your changes were not saved. Reload to see the current version, then make your changes again.',
  },
  /** One action on a record (a status change, a quantity): that change was not made. */
  action: {
    title: 'Changed by someone else',
    text: 'This was changed by someone else since you loaded it, so your change was not saved. Reload to see the latest, then make your change again.',
  },
} as const;

export function StaleRecordAlert({
  onReload,
  reloading = false,
  kind = 'edit',
}: {
  onReload: () => void;
  reloading?: boolean;
  kind?: keyof typeof WORDS;
}) {
  return (
    <Alert color="orange" variant="light" title={WORDS[kind].title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{WORDS[kind].text}</Text>
        <Button size="xs" variant="default" onClick={onReload} loading={reloading}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Why one action on a record failed: a 412 offers the reload (the action is dropped first, so its
 * error goes with it), anything else says what went wrong.
 */
export function ActionFailureAlert({
  error,
  onReset,
  onReload,
}: {
  error: unknown;
  /** Forgets the failed action. */
  onReset: () => void;
  onReload: () => void;
}) {
  if (isStale(error)) {
    return (
      <StaleRecordAlert
        kind="action"
        onReload={() => {
          onReset();
          onReload();
        }}
      />
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
