/**
 * `/app/quote-request` (DESIGN §9): ask for prices on new items, and follow the customer's quote
 * requests: status, our prices, the thread, accept or decline.
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../auth/auth-context';
import { MyRequests } from '../../../features/requests/components/my-requests';
import { QuoteRequestForm } from '../../../features/requests/components/quote-request-form';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/quote-request')({
  head: () => pageHead('Quote request'),
  component: QuoteRequestPage,
});

function QuoteRequestPage() {
  const { user } = useAuth();
  const customer = user?.customer ?? null;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Quote request</Title>
        <Text>
          Tell us what you need: sizes in inches and fractions, the quantities to price, and when
          you need them. We answer with a unit price for each quantity.
        </Text>
      </Stack>
      <QuoteRequestForm customerName={customer?.CustomerName ?? null} />
      <Stack gap="sm" component="section" aria-labelledby="my-quotes">
        <Title order={2} id="my-quotes">
          {customer ? `Quote requests of ${customer.CustomerName}` : 'Quote requests'}
        </Title>
        {customer && (
          <MyRequests
            filters={{ type: 'quote', customer: customer.CustomerId, sort: 'newest' }}
            label="Quote requests"
            emptyText="No quote requests yet."
          />
        )}
      </Stack>
    </Stack>
  );
}
