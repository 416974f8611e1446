/** The answer to a 412 (DESIGN §7): someone else saved this record since it was loaded. */
import { Alert, Button, Stack, Text } from '@mantine/core';

export function StaleRecordAlert({
  onReload,
  reloading,
}: {
  onReload: () => void;
  reloading: boolean;
}) {
  return (
    <Alert color="orange" variant="light" title="Changed by someone else — reload" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          This record was changed by someone else after you opened it, so your changes were not
          saved. Reload to see the current version, then make your changes again.
        </Text>
        <Button size="xs" variant="default" onClick={onReload} loading={reloading}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
