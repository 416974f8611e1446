/**
 * `/reset-password?oobCode=…` (also Firebase's action link, `mode=resetPassword&oobCode=…`):
 * verifies the code, shows whose password is being reset, and confirms the new one.
 */
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { PublicLayout } from '../ui/public-layout';
import { pageHead } from '../ui/page-title';

export interface ResetSearch {
  oobCode?: string;
  mode?: string;
}

/** The router parses search values as JSON where it can, so a code may arrive as a number. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

export const Route = createFileRoute('/reset-password')({
  head: () => pageHead('Choose a new password'),
  validateSearch: (search: Record<string, unknown>): ResetSearch => {
    const oobCode = asText(search.oobCode);
    const mode = asText(search.mode);
    return { ...(oobCode && { oobCode }), ...(mode && { mode }) };
  },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { oobCode, mode } = Route.useSearch();
  const usable = oobCode !== undefined && (mode === undefined || mode === 'resetPassword');
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>Choose a new password</Title>
        {usable ? (
          <ResetWithCode code={oobCode} />
        ) : (
          <Alert color="red" variant="light">
            This reset link is invalid: it has no reset code. Request a new one.
          </Alert>
        )}
        <Anchor component={Link} to="/forgot-password">
          Request a new reset link
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}

function ResetWithCode({ code }: { code: string }) {
  const { verifyResetCode, confirmReset } = useAuth();
  const [done, setDone] = useState(false);
  const verification = useQuery({
    queryKey: ['password-reset-code', code],
    queryFn: () => verifyResetCode(code),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (done) {
    return (
      <Stack gap="sm">
        <Text role="status">Your password has been changed.</Text>
        <Anchor component={Link} to="/">
          Sign in with your new password
        </Anchor>
      </Stack>
    );
  }
  if (verification.isPending) {
    return (
      <Center role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text ml="sm">Checking your reset link…</Text>
      </Center>
    );
  }
  const result = verification.data;
  if (result === undefined || !result.success) {
    return (
      <Alert color="red" variant="light">
        {result?.message ?? 'This reset link is invalid or has expired. Request a new one.'}
      </Alert>
    );
  }
  return (
    <ResetPasswordForm
      email={result.email}
      onConfirm={(newPassword) => confirmReset(code, newPassword)}
      onDone={() => setDone(true)}
    />
  );
}
