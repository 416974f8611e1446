/** What a route shows when loading or rendering it failed unexpectedly. */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="md" p="md" component="section" aria-labelledby="route-error-title">
      <Title order={1} id="route-error-title">
        Something went wrong
      </Title>
      <Alert color="red" title="This page could not be shown">
        {error instanceof Error ? error.message : 'An unexpected error occurred.'}
      </Alert>
      <Button
        w="fit-content"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Stack>
  );
}
