/** A failed auth operation's message, with the password requirements when those were the cause. */
import { Alert, Stack } from '@mantine/core';

import { PasswordRequirements } from './password-requirements';

export function AuthFailureAlert({
  failure,
}: {
  failure: { message: string; requirements?: readonly string[] | undefined } | null;
}) {
  if (failure === null) return null;
  return (
    <Alert color="red" variant="light">
      <Stack gap="xs">
        <span>{failure.message}</span>
        <PasswordRequirements requirements={failure.requirements} />
      </Stack>
    </Alert>
  );
}
