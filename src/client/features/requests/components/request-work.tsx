/**
 * One request as staff work it (`/app/requests/$id`): what was asked, the thread and a reply box,
 * and per type the actions the status machine allows now — prices for a quote, approve or reject
 * for access, review and close. Opening it marks it read.
 */
import { Anchor, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { canTransition, type RequestAction } from '../../../../shared/request-status';
import type { RequestDetail } from '../../../../shared/schemas/requests';
import { useAuth } from '../../../auth/auth-context';
import { ApiRequestError } from '../../../lib/api-client';
import { useRequest } from '../api/get-request';
import { useMarkRequestRead, useRequestAction } from '../api/request-actions';
import { TYPE_LABELS, sidesOf } from '../request-format';
import { formatDateTime } from '../../../../shared/format';
import { AccessDecisionForm } from './access-decision-form';
import { ActionError } from './action-error';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { LoadState } from '../../../ui/load-state';
import { QuoteAnswerForm } from './quote-answer-form';
import { RequestStatusBadge, RequestTypeBadge, UnverifiedEmailBadge } from './request-badges';
import { RequestThread } from './request-thread';
import { RequestActivity } from './request-activity';
import { DecisionView, Fact, QuotePricesView, RequestContentView } from './request-views';

export function RequestWork({ id, customerField }: { id: number; customerField: CustomerSlot }) {
  const query = useRequest(id);
  const markRead = useMarkRequestRead();
  const unread = query.data?.UnreadByStaff ?? false;
  const { mutate: mark } = markRead;

  useEffect(() => {
    if (unread) mark(id);
  }, [unread, id, mark]);

  if (query.isPending) {
    return (
      <LoadState
        query={query}
        what="the request"
        waiting="This request needs a connection. It loads as soon as you are back online."
      />
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{missing ? 'No such request' : 'The request could not be loaded'}</Title>
        <ActionError error={query.error} />
        <Anchor component={Link} to="/app/requests/all">
          Back to all requests
        </Anchor>
      </Stack>
    );
  }
  return (
    <Work
      request={query.data}
      customerField={customerField}
      onReload={() => void query.refetch()}
    />
  );
}

function Work({
  request,
  customerField,
  onReload,
}: {
  request: RequestDetail;
  customerField: CustomerSlot;
  onReload: () => void;
}) {
  const { user } = useAuth();
  const sides = sidesOf(user, request);
  const staff = sides.includes('staff');
  const can = (action: RequestAction) =>
    staff && canTransition(request.Type, request.Status, action, 'staff');

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/app/requests/all" size="sm" w="fit-content">
        ← All requests
      </Anchor>
      <Stack gap="xs">
        <Group gap="xs">
          <RequestTypeBadge type={request.Type} />
          <RequestStatusBadge status={request.Status} />
        </Group>
        <Title order={1} size="h2">
          {request.Subject}
        </Title>
        <DataList size="sm" labelWidth={110}>
          <Fact label="Request">#{request.Id}</Fact>
          <Fact label="From">
            {request.RequesterName} ({request.RequesterEmail}){' '}
            {!request.RequesterEmailVerified && <UnverifiedEmailBadge />}
          </Fact>
          {request.CustomerName && (
            <Fact label="Customer">
              {request.CustomerName} ({request.CustomerCode})
            </Fact>
          )}
          <Fact label="Received">{formatDateTime(request.CreatedDate)}</Fact>
          <Fact label="Last change">{formatDateTime(request.LastUpdatedDate)}</Fact>
        </DataList>
        <StatusActions
          request={request}
          canReview={can('review')}
          canClose={can('close')}
          onReload={onReload}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="asked-title">
        <Title order={2} id="asked-title">
          {TYPE_LABELS[request.Type]}
        </Title>
        <RequestContentView request={request} />
      </Stack>

      {request.Type === 'quote' && (
        <Stack gap="sm" component="section" aria-labelledby="quote-title">
          <Title order={2} id="quote-title">
            Prices
          </Title>
          {request.Quote ? (
            <>
              <QuotePricesView payload={request.Payload} quote={request.Quote} />
              <DecisionView request={request} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Not priced yet.
            </Text>
          )}
          {can('answer') && (
            <>
              <Title order={3}>{request.Quote ? 'Revise the prices' : 'Send prices'}</Title>
              <QuoteAnswerForm
                key={request.Version}
                requestId={request.Id}
                version={request.Version}
                payload={request.Payload}
                quote={request.Quote}
                onReload={onReload}
              />
            </>
          )}
        </Stack>
      )}

      {request.Type === 'access' && (
        <Stack gap="sm" component="section" aria-labelledby="decision-title">
          <Title order={2} id="decision-title">
            Decision
          </Title>
          <DecisionView request={request} />
          {can('approve') ? (
            <AccessDecisionForm
              requestId={request.Id}
              version={request.Version}
              name={request.RequesterName}
              company={request.Payload.Company}
              emailVerified={request.RequesterEmailVerified}
              customerField={customerField}
              onReload={onReload}
            />
          ) : (
            request.Decision === null && (
              <Text size="sm" c="dimmed">
                No decision yet.
              </Text>
            )
          )}
        </Stack>
      )}

      {request.Type === 'contact' && request.Decision !== null && (
        <DecisionView request={request} />
      )}

      <Stack component="section" aria-label="Thread">
        <RequestThread
          request={request}
          headingOrder={2}
          canWrite={
            sides[0] !== undefined &&
            canTransition(
              request.Type,
              request.Status,
              sides[0] === 'staff' ? 'reply' : 'write',
              sides[0],
            )
          }
          asStaff={sides[0] === 'staff'}
        />
      </Stack>

      <RequestActivity id={request.Id} headingOrder={2} />
    </Stack>
  );
}

function StatusActions({
  request,
  canReview,
  canClose,
  onReload,
}: {
  request: RequestDetail;
  canReview: boolean;
  canClose: boolean;
  onReload: () => void;
}) {
  const review = useRequestAction('review');
  const close = useRequestAction('close');
  if (!canReview && !canClose) return null;
  const run = async (kind: 'review' | 'close') => {
    try {
      const mutation = kind === 'review' ? review : close;
      await mutation.mutateAsync({ id: request.Id, version: request.Version, body: undefined });
      notifications.show({
        message: kind === 'review' ? 'Taken into review.' : 'The request is closed.',
      });
    } catch {
      // Shown by <ActionError> below.
    }
  };
  return (
    <Stack gap="xs">
      <ActionError error={review.error ?? close.error} onReload={onReload} />
      <Group gap="xs">
        {canReview && (
          <Button variant="default" loading={review.isPending} onClick={() => void run('review')}>
            Take into review
          </Button>
        )}
        {canClose && (
          <Button variant="default" loading={close.isPending} onClick={() => void run('close')}>
            Close request
          </Button>
        )}
      </Group>
    </Stack>
  );
}
