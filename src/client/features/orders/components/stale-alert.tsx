/** Shown after a 412: someone changed the record meanwhile; nothing was saved. */
import { Alert, Button, Stack } from '@mantine/core';

export function StaleAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Changed by someone else" role="alert">
      <Stack gap="xs" align="flex-start">
        <span>
          This was changed by someone else since you loaded it, so your change was not saved. Reload
          to see the latest, then make your change again.
        </span>
        <Button size="xs" variant="default" onClick={onReload}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
