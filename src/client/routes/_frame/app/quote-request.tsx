/**
 * `/app/quote-request`: ask for prices on new items, and follow the customer's quote requests:
 * status, our prices, the thread, accept or decline.
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../shared/access';
import { useAuth } from '../../../auth/auth-context';
import { useCan } from '../../../auth/use-can';
import { getRequestsQueryOptions } from '../../../features/requests/api/get-requests';
import type { RequestListFilters } from '../../../features/requests/api/keys';
import { MyRequests } from '../../../features/requests/components/my-requests';
import { QuoteRequestForm } from '../../../features/requests/components/quote-request-form';
import { loadRouteData } from '../../../lib/route-data';
import { pageHead } from '../../../ui/page-title';

/** The customer's quote requests, as the page lists them (and its loader loads them). */
const quoteFilters = (customerId: number): RequestListFilters => ({
  type: 'quote',
  customer: customerId,
  sort: 'newest',
});

export const Route = createFileRoute('/_frame/app/quote-request')({
  head: () => pageHead('Quote request'),
  loader: ({ context: { auth, queryClient } }) => {
    const customerId = customerInEffect(auth)?.CustomerId ?? null;
    return customerId === null
      ? undefined
      : loadRouteData(() =>
          queryClient.ensureInfiniteQueryData(getRequestsQueryOptions(quoteFilters(customerId))),
        );
  },
  component: QuoteRequestPage,
});

function QuoteRequestPage() {
  const customer = customerInEffect(useAuth());
  const canAsk = useCan('quote:request');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Quote request</Title>
        <Text>
          Tell us what you need: sizes in inches and fractions, the quantities to price, and when
          you need them. We answer with a unit price for each quantity.
        </Text>
      </Stack>
      {canAsk ? (
        <QuoteRequestForm customerName={customer?.CustomerName ?? null} />
      ) : (
        <Text role="status">
          Your role reads your company’s quote requests; its buyers ask for quotes and accept them.
        </Text>
      )}
      <Stack gap="sm" component="section" aria-labelledby="my-quotes">
        <Title order={2} id="my-quotes">
          {customer ? `Quote requests of ${customer.CustomerName}` : 'Quote requests'}
        </Title>
        {customer && (
          <MyRequests
            filters={quoteFilters(customer.CustomerId)}
            label="Quote requests"
            emptyText="No quote requests yet."
          />
        )}
      </Stack>
    </Stack>
  );
}
