/**
 * A self sign-up's address must be proven before staff can approve it (decision 016). The
 * waiting page says so, offers to send the email again (resting a while after each send, as
 * Firebase limits them), and checks again whenever the person comes back to the tab, so a link
 * followed elsewhere counts at once.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { RESEND_PAUSE_SECONDS } from '../../../auth/email-verification';

export function EmailConfirmation() {
  const { checkEmailVerified, resendVerificationEmail } = useAuth();
  // Asked again whenever the person comes back to the tab (React Query's refetch on focus).
  const check = useQuery({
    queryKey: ['email-verified'],
    queryFn: checkEmailVerified,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);
  const [pausedUntil, setPausedUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const paused = now < pausedUntil;
  useEffect(() => {
    if (!paused) return;
    const timer = setTimeout(() => setNow(Date.now()), pausedUntil - now);
    return () => clearTimeout(timer);
  }, [paused, pausedUntil, now]);

  const resend = async () => {
    setSending(true);
    const result = await resendVerificationEmail();
    setSending(false);
    setSent({ ok: result.success, message: result.message });
    const until = Date.now() + RESEND_PAUSE_SECONDS * 1000;
    setPausedUntil(until);
    setNow(Date.now());
  };

  const result = check.data;
  if (result === undefined) return null;
  if (result.success && result.verified) {
    return (
      <Alert color="gray" variant="light">
        <Text fw={700}>Your email address is confirmed</Text>
        <Text size="sm">Your request now waits for our staff.</Text>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light">
      <Stack gap="sm">
        <Text fw={700}>Confirm your email address</Text>
        {result.success ? (
          <Text size="sm">
            We sent a link to {result.email ?? 'your email address'}. Follow it to confirm the
            address: our staff can approve your access only after that. Then come back to this page.
          </Text>
        ) : (
          <Text size="sm">We could not check your email address just now. {result.message}</Text>
        )}
        {sent && (
          <Text size="sm" role="status" c={sent.ok ? undefined : 'red.8'}>
            {sent.message}
          </Text>
        )}
        <Group gap="sm">
          <Button
            size="compact-sm"
            variant="default"
            loading={check.isFetching}
            onClick={() => void check.refetch()}
          >
            I have confirmed it
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={sending}
            disabled={paused}
            onClick={() => void resend()}
          >
            Send the email again
          </Button>
        </Group>
        {paused && (
          <Text size="xs" c="dimmed">
            You can ask for the email again in a minute.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
