/**
 * Signing out deletes what waits on this device, so the frame's account menu asks first. A module
 * of its own, loaded when the question is asked: Mantine's Modal brings its scroll lock and focus
 * trap (about 10 kB), which every signed-in page would otherwise load at start for a dialog that
 * most visits never show (docs/decisions/025).
 */
import { Button, Group, Modal, Text } from '@mantine/core';

export default function UnsentWorkDialog({
  unsent,
  onStay,
  onSignOut,
}: {
  /** How many submissions wait in the outbox; null while the dialog is closed. */
  unsent: number | null;
  onStay: () => void;
  onSignOut: () => void;
}) {
  return (
    <Modal opened={unsent !== null} onClose={onStay} title="Sign out with unsent work?">
      <Text size="sm">
        {unsent === 1 ? 'One submission has' : `${unsent ?? 0} submissions have`} not been sent yet.
        Signing out deletes {unsent === 1 ? 'it' : 'them'} and your drafts from this device. Stay
        signed in and go back online to send {unsent === 1 ? 'it' : 'them'}.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay}>
          Stay signed in
        </Button>
        <Button color="red" onClick={onSignOut}>
          Sign out and delete
        </Button>
      </Group>
    </Modal>
  );
}
