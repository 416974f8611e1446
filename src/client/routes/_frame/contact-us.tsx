/** `/contact-us` (SPEC §2: any signed-in user): write to the plant, and read the replies. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../../features/requests/components/contact-form';
import { MyRequests } from '../../features/requests/components/my-requests';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_frame/contact-us')({
  head: () => pageHead('Contact us'),
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
          filters={{ type: 'contact', mine: 'true', sort: 'newest' }}
          label="Your messages"
          emptyText="You have not written to us yet."
        />
      </Stack>
    </Stack>
  );
}
