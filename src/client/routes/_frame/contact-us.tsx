/** `/contact-us` (any signed-in user): write to the plant, and read the replies. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../../features/requests/components/contact-form';
import { MyRequests } from '../../features/requests/components/my-requests';
import { getRequestsQueryOptions } from '../../features/requests/api/get-requests';
import type { RequestListFilters } from '../../features/requests/api/keys';
import { loadRouteData } from '../../lib/route-data';
import { pageHead } from '../../ui/page-title';

/** The person's own messages, as the page lists them (and its loader loads them). */
const MY_MESSAGES: RequestListFilters = { type: 'contact', mine: 'true', sort: 'newest' };

export const Route = createFileRoute('/_frame/contact-us')({
  head: () => pageHead('Contact us'),
  loader: ({ context: { queryClient } }) =>
    loadRouteData(() => queryClient.ensureInfiniteQueryData(getRequestsQueryOptions(MY_MESSAGES))),
  component: ContactUsPage,
});

function ContactUsPage() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Contact us</Title>
        <Text>
          Questions about an order, a delivery or an invoice? Write to us here: your message goes
          straight to our customer-service team, and our reply appears below.
        </Text>
      </Stack>
      <ContactForm />
      <Stack gap="sm" component="section" aria-labelledby="my-messages">
        <Title order={2} id="my-messages">
          Your messages
        </Title>
        <MyRequests
          filters={MY_MESSAGES}
          label="Your messages"
          emptyText="You have not written to us yet."
        />
      </Stack>
    </Stack>
  );
}
