/**
 * Floor of `/` for `npm run bench`: what the sign-in page needs at least from the same
 * libraries (React, Mantine's form controls and tabs, TanStack Router and Query, Firebase Auth),
 * and nothing of the portal.
 */
import '@mantine/core/styles.css';
import {
  Button,
  Container,
  MantineProvider,
  PasswordInput,
  Stack,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRootRoute, createRouter } from '@tanstack/react-router';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { auth } from './firebase';

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Container size={520} py="xl">
      <Stack gap="lg">
        <Title order={1}>Sign in to the Customer Portal</Title>
        <Tabs defaultValue="sign-in">
          <Tabs.List grow>
            <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
            <Tabs.Tab value="sign-up">Create an account</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-in" pt="lg">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void signInWithEmailAndPassword(auth, email, password);
              }}
            >
              <Stack>
                <TextInput
                  label="Email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
                <PasswordInput
                  label="Password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <Button type="submit">Sign in</Button>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: SignIn }) });

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </MantineProvider>,
);
