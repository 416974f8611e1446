/**
 * A self sign-up's address must be proven before staff can approve it (decision 016). The
 * waiting page says so, offers to send the email again (resting a while after each send, as
 * Firebase limits them), and checks again whenever the person comes back to the tab, so a link
 * followed elsewhere counts at once.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { RESEND_PAUSE_SECONDS } from '../../../auth/email-verification';

type Check =
  | { kind: 'checking' }
  | { kind: 'unconfirmed'; email: string | null }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string };

export function EmailConfirmation() {
  const { checkEmailVerified, resendVerificationEmail } = useAuth();
  const [check, setCheck] = useState<Check>({ kind: 'checking' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);
  const [pausedUntil, setPausedUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const recheck = useCallback(async () => {
    const result = await checkEmailVerified();
    if (!result.success) setCheck({ kind: 'failed', message: result.message });
    else if (result.verified) setCheck({ kind: 'confirmed' });
    else setCheck({ kind: 'unconfirmed', email: result.email });
  }, [checkEmailVerified]);

  useEffect(() => {
    void recheck();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void recheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [recheck]);

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

  if (check.kind === 'checking') return null;
  if (check.kind === 'confirmed') {
    return (
      <Alert color="teal" variant="light" title="Your email address is confirmed">
        Your request now waits for our staff.
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title="Confirm your email address">
      <Stack gap="sm">
        {check.kind === 'failed' ? (
          <Text size="sm">We could not check your email address just now. {check.message}</Text>
        ) : (
          <Text size="sm">
            We sent a link to {check.email ?? 'your email address'}. Follow it to confirm the
            address: our staff can approve your access only after that. Then come back to this page.
          </Text>
        )}
        {sent && (
          <Text size="sm" role="status" c={sent.ok ? undefined : 'red.8'}>
            {sent.message}
          </Text>
        )}
        <Group gap="sm">
          <Button size="compact-sm" variant="default" onClick={() => void recheck()}>
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
