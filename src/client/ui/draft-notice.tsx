/**
 * Says that a form holds a draft brought back from this device, with a way to start over; for a
 * submission the server refused, its message (the fields it concerns show theirs).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../shared/format';
import type { FormDraftState } from '../lib/use-form-draft';

export function DraftNotice({ draft }: { draft: FormDraftState }) {
  if (draft.restoredAt === null) return null;
  const refused = draft.refusal !== null;
  return (
    <Alert
      color={refused ? 'red' : 'blue'}
      variant="light"
      role={refused ? 'alert' : 'status'}
      title={refused ? 'Not accepted: correct it and send it again' : 'Your draft is back'}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {refused
            ? draft.refusal
            : `What you typed on ${formatDateTime(draft.restoredAt)} was kept on this device.`}
        </Text>
        <Button size="compact-sm" variant="default" onClick={draft.startOver}>
          Start over
        </Button>
      </Group>
    </Alert>
  );
}
