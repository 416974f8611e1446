/**
 * Where a self sign-up stands: waiting for approval, approved, or rejected with the reason staff
 * gave, read from the person's own access request. Readable without a portal user: the API answers
 * a signed-up account its own access requests.
 */
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { canTransition } from '../../../../shared/request-status';
import { ERROR_CODES } from '../../../../shared/api';
import { ApiRequestError } from '../../../lib/api-client';
import { useRequest } from '../api/get-request';
import { useRequests } from '../api/get-requests';
import { formatDateTime } from '../../../../shared/format';
import { AccessRequestForm } from './access-request-form';
import { RequestThread } from './request-thread';
import { AccessView } from './request-views';

const WAITING_TITLE = 'Your access request is waiting for approval';

/** Before any answer: what is true for every sign-up. */
function Waiting({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{WAITING_TITLE}</Title>
      <Text>
        Thank you. Our staff review every request and link your account to your company. After that
        you can sign in with the email and password you chose.
      </Text>
      {children}
    </Stack>
  );
}

export function AccessRequestStatus() {
  const query = useRequests({ type: 'access', mine: 'true', sort: 'newest' });
  const latest = query.data?.pages[0]?.data[0];

  if (query.isPending) {
    return (
      <Waiting>
        <Center py="md" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text ml="sm">Checking your request…</Text>
        </Center>
      </Waiting>
    );
  }
  if (query.isError) {
    // Signed out (no token): the general explanation is all there is to say.
    if (
      query.error instanceof ApiRequestError &&
      query.error.code === ERROR_CODES.unauthenticated
    ) {
      return <Waiting />;
    }
    return (
      <Waiting>
        <Alert color="gray" variant="light">
          We could not check your request just now.{' '}
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            Check again
          </Button>
        </Alert>
      </Waiting>
    );
  }
  if (latest === undefined) {
    return (
      <Stack gap="md">
        <Title order={1}>Ask for access to the portal</Title>
        <Text>
          We have no access request from your account yet. Tell us who you are and what you need,
          and our staff will review it.
        </Text>
        <AccessRequestForm initial={null} submitLabel="Request access" />
      </Stack>
    );
  }
  if (latest.Type !== 'access') return <Waiting />;

  if (latest.Decision === 'approved') {
    return (
      <Stack gap="md">
        <Title order={1}>Your access was approved</Title>
        <Text>Welcome to the portal. You can start using it now.</Text>
        {/* A full load signs in afresh, so the new portal account is read. */}
        <Button w="fit-content" onClick={() => window.location.assign('/app')}>
          Open the portal
        </Button>
      </Stack>
    );
  }

  if (latest.Decision === 'rejected') {
    return (
      <Stack gap="md">
        <Title order={1}>Your access request was not approved</Title>
        <Alert color="red" variant="light" title="The reason our staff gave">
          {latest.DecisionReason}
        </Alert>
        <Text>
          If something has changed, you may ask again with more details about you and your company.
        </Text>
        <Title order={2} size="h3">
          Ask again
        </Title>
        <AccessRequestForm initial={latest.Payload} submitLabel="Send a new request" />
      </Stack>
    );
  }

  return (
    <Waiting>
      <Text size="sm" c="dimmed">
        Sent {formatDateTime(latest.CreatedDate)}.
      </Text>
      <AccessView payload={latest.Payload} email={latest.RequesterEmail} />
      <AccessThread id={latest.Id} />
    </Waiting>
  );
}

/** Staff may ask the person something before deciding; they answer here. */
function AccessThread({ id }: { id: number }) {
  const query = useRequest(id);
  if (!query.isSuccess) return null;
  const request = query.data;
  return (
    <RequestThread
      request={request}
      headingOrder={2}
      canWrite={canTransition(request.Type, request.Status, 'write', 'requester')}
      asStaff={false}
    />
  );
}
