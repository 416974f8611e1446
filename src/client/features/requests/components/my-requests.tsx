/**
 * The requester's own requests (the buyer's quote requests on /app/quote-request, the sender's
 * messages on /contact-us): status at a glance; opened, the answer, the thread and, for an
 * answered quote, accept or decline while it is valid.
 */
import {
  Accordion,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { hasDayPassed } from '../../../../shared/calendar-date';
import { canTransition } from '../../../../shared/request-status';
import type { RequestDetail } from '../../../../shared/schemas/requests';
import { useCan } from '../../../auth/use-can';
import { useAuth } from '../../../auth/auth-context';
import { LoadState } from '../../../ui/load-state';
import { useRequest } from '../api/get-request';
import { useRequests } from '../api/get-requests';
import type { RequestListFilters } from '../api/keys';
import { useRequestAction } from '../api/request-actions';
import { DECISION_LABELS, sidesOf } from '../request-format';
import { formatDate, formatDateTime } from '../../../../shared/format';
import { ActionError } from './action-error';
import { RequestStatusBadge } from './request-badges';
import { RequestThread } from './request-thread';
import { RequestActivity } from './request-activity';
import { DecisionView, QuotePricesView, RequestContentView } from './request-views';
import { ShowMoreButton } from '../../../ui/show-more-button';

export interface MyRequestsProps {
  filters: RequestListFilters;
  /** What to say when there are none yet. */
  emptyText: string;
  /** Accessible name of the list, e.g. "Your quote requests". */
  label: string;
}

export function MyRequests({ filters, emptyText, label }: MyRequestsProps) {
  const query = useRequests(filters);
  const [open, setOpen] = useState<string | null>(null);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];

  if (query.isPending || query.isError) {
    return (
      <LoadState
        query={query}
        what="your requests"
        waiting="Your requests need a connection. They load as soon as you are back online."
        failedTitle="Your requests could not be loaded"
        notFound={{ title: 'Your requests could not be loaded', color: 'red', message: true }}
      />
    );
  }
  if (rows.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  return (
    <Stack gap="sm">
      <Accordion variant="separated" order={3} value={open} onChange={setOpen} aria-label={label}>
        {rows.map((row) => (
          <Accordion.Item key={row.Id} value={String(row.Id)}>
            <Accordion.Control>
              <Group gap="xs" justify="space-between" wrap="wrap" pr="xs">
                <Text fw={600} size="sm">
                  {row.Subject}
                </Text>
                <Group gap="xs">
                  <RequestStatusBadge status={row.Status} />
                  {row.Decision && (
                    <Text size="xs" c="dimmed">
                      {DECISION_LABELS[row.Decision]}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(row.CreatedDate)}
                  </Text>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {/* Only the open request loads its thread. */}
              {open === String(row.Id) && <RequesterRequest id={row.Id} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <ShowMoreButton query={query} label="Show older requests" />
    </Stack>
  );
}

function RequesterRequest({ id }: { id: number }) {
  const auth = useAuth();
  const canDecideQuotes = useCan('quote:request');
  const query = useRequest(id);
  if (query.isPending) {
    return (
      <Center py="sm" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text ml="sm" size="sm">
          Loading…
        </Text>
      </Center>
    );
  }
  if (query.isError) return <ActionError error={query.error} />;
  const request = query.data;
  // Deciding on a quote is a buyer's (src/shared/roles.ts): a Viewer reads the answer only.
  const requester = sidesOf(auth.user, request).includes('requester') && canDecideQuotes;
  return (
    <Stack gap="md">
      <RequestContentView request={request} />
      {request.Type === 'quote' && (
        <QuoteAnswer
          request={request}
          canDecide={requester}
          onReload={() => void query.refetch()}
        />
      )}
      {request.Type !== 'quote' && <DecisionView request={request} />}
      <RequestThread
        request={request}
        headingOrder={4}
        canWrite={requester && canTransition(request.Type, request.Status, 'write', 'requester')}
        asStaff={false}
      />
      <RequestActivity id={request.Id} headingOrder={4} />
    </Stack>
  );
}

function QuoteAnswer({
  request,
  canDecide,
  onReload,
}: {
  request: Extract<RequestDetail, { Type: 'quote' }>;
  canDecide: boolean;
  onReload: () => void;
}) {
  const accept = useRequestAction('accept');
  const decline = useRequestAction('decline');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const quote = request.Quote;

  if (quote === null) {
    return (
      <Text size="sm" c="dimmed">
        Our team is preparing prices for this request.
      </Text>
    );
  }
  const expired = hasDayPassed(quote.ValidUntil);
  const open = canDecide && canTransition('quote', request.Status, 'accept', 'requester');

  const decide = async (kind: 'accept' | 'decline') => {
    try {
      if (kind === 'accept') {
        await accept.mutateAsync({ id: request.Id, version: request.Version, body: undefined });
        notifications.show({
          color: 'teal',
          title: 'Quote accepted',
          message: 'Thank you. Our team will be in touch to place the order.',
        });
      } else {
        const body = reason.trim() ? { Reason: reason.trim() } : {};
        await decline.mutateAsync({ id: request.Id, version: request.Version, body });
        notifications.show({ message: 'Quote declined. Thank you for letting us know.' });
      }
    } catch {
      // Shown by <ActionError> below; what was typed stays.
    }
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Our prices</Title>
      <QuotePricesView payload={request.Payload} quote={quote} />
      <DecisionView request={request} />
      {open && expired && (
        <Alert color="gray" variant="light">
          These prices were valid until {formatDate(quote.ValidUntil)}. Write to us below for a new
          quote.
        </Alert>
      )}
      {open && !expired && (
        <Stack gap="xs">
          <ActionError error={accept.error ?? decline.error} onReload={onReload} />
          {declining ? (
            <Stack gap="xs">
              <Textarea
                label="Why are you declining? (optional)"
                autosize
                minRows={2}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              <Group gap="xs">
                <Button
                  color="red"
                  loading={decline.isPending}
                  onClick={() => void decide('decline')}
                >
                  Decline quote
                </Button>
                <Button variant="default" onClick={() => setDeclining(false)}>
                  Keep it open
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="xs">
              <Button loading={accept.isPending} onClick={() => void decide('accept')}>
                Accept quote
              </Button>
              <Button variant="outline" onClick={() => setDeclining(true)}>
                Decline…
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
