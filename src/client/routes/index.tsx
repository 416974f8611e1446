/**
 * `/`: sign in, or create an account (an access request). A signed-in visitor goes straight on
 * to `?redirect=` (a sanitized deep link) or /app.
 */
import { Alert, Anchor, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { LANDING_ROUTE } from '../../shared/access';
import { useAuth } from '../auth/auth-context';
import { recordProblemMessage } from '../auth/auth-messages';
import { sanitizeRedirect } from '../auth/redirect-target';
import { useOnline } from '../lib/use-online';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { PORTAL_NAME } from '../ui/portal-name';
import { PublicLayout } from '../ui/public-layout';
import { pageHead } from '../ui/page-title';

// The sign-up form (its fields, and zod with the access request's rules) loads when its tab is
// first opened: most visitors sign in, and the page's first load does without it. Once opened it
// stays, so switching tabs keeps what was typed, as before.
const SignUpForm = lazy(() =>
  import('../features/auth/components/sign-up-form').then((module) => ({
    default: module.SignUpForm,
  })),
);

export interface SignInSearch {
  /** Where to go after signing in: a path inside the portal, already sanitized. */
  redirect?: string;
}

export const Route = createFileRoute('/')({
  head: () => pageHead('Sign in'),
  validateSearch: (search: Record<string, unknown>): SignInSearch => {
    const target = sanitizeRedirect(search.redirect);
    return target === null ? {} : { redirect: target };
  },
  beforeLoad: async ({ context, search }) => {
    const state = await context.auth.whenSettled();
    if (state.isAuthenticated)
      throw redirect({ href: search.redirect ?? LANDING_ROUTE, replace: true });
  },
  component: SignInPage,
});

function SignInPage() {
  const auth = useAuth();
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  const online = useOnline();
  const [tab, setTab] = useState<string | null>('sign-in');
  const [signUpOpened, setSignUpOpened] = useState(false);
  if (tab === 'sign-up' && !signUpOpened) setSignUpOpened(true);

  return (
    <PublicLayout size={520}>
      <Stack gap="lg">
        <Title order={1}>
          {tab === 'sign-up'
            ? `Create an account for the ${PORTAL_NAME}`
            : `Sign in to the ${PORTAL_NAME}`}
        </Title>
        {!online && (
          <Alert color="gray" variant="light" role="status">
            Signing in needs a connection. You can sign in as soon as you are back online.
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List grow>
            <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
            <Tabs.Tab value="sign-up">Create an account</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-in" pt="lg">
            <SignInForm
              onSignIn={async (email, password) => {
                const result = await auth.signIn(email, password);
                // No portal user yet: the waiting page tells where the access request stands
                // (waiting, or rejected and why).
                if (!result.success && result.code === 'record/not-found') {
                  await navigate({ to: '/pending-approval' });
                }
                return result;
              }}
              onSignedIn={() => navigate({ href: target ?? LANDING_ROUTE, replace: true })}
              notice={auth.recordProblem === null ? null : recordProblemMessage(auth.recordProblem)}
              passwordHelp={
                <Anchor component={Link} to="/forgot-password" size="sm" w="fit-content">
                  Forgot your password?
                </Anchor>
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="sign-up" pt="lg">
            {signUpOpened && (
              <Suspense
                fallback={
                  <Center role="status" py="xl">
                    <Loader size="sm" aria-hidden="true" />
                    <Text ml="sm">Loading the form…</Text>
                  </Center>
                }
              >
                <SignUpForm
                  onSignUp={auth.signUp}
                  onSignedUp={async ({ requestSent, message }) => {
                    if (!requestSent) notifications.show({ message });
                    await navigate({ to: '/pending-approval' });
                  }}
                />
              </Suspense>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PublicLayout>
  );
}
