/** Shown before the first authentication event is handled: a small, announced loading state. */
import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingScreen({ label = 'Loading the portal…' }: { label?: string }) {
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
