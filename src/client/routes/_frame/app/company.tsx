/**
 * `/app/company`: a customer's administrators run their own company: its people (invite, roles,
 * spending limits, deactivate), the addresses its order notices go to, and its ship-to book.
 * Always their own customer; the API takes it from the session.
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../shared/access';
import { useAuth } from '../../../auth/auth-context';
import { AddressBook } from '../../../features/admin-customers/components/address-book';
import { companyQueryOptions, useCompany } from '../../../features/company/api/get-company';
import { companyPeopleQueryOptions } from '../../../features/company/api/get-people';
import { CompanyPeople } from '../../../features/company/components/company-people';
import { NoticeAddresses } from '../../../features/company/components/notice-addresses';
import { loadRouteData } from '../../../lib/route-data';
import { LoadState } from '../../../ui/load-state';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/company')({
  head: () => pageHead('Company'),
  loader: ({ context: { queryClient } }) =>
    loadRouteData(
      () => queryClient.ensureQueryData(companyQueryOptions()),
      () => queryClient.ensureInfiniteQueryData(companyPeopleQueryOptions()),
    ),
  component: CompanyPage,
});

function CompanyPage() {
  const auth = useAuth();
  const customer = customerInEffect(auth);
  const company = useCompany();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{company.data?.CustomerName ?? customer?.CustomerName ?? 'Company'}</Title>
        <Text c="dimmed">
          Your company’s people and what each may do, and where its orders go and are announced.
        </Text>
      </Stack>
      {company.data ? (
        <>
          <CompanyPeople currency={company.data.Currency} ownEmail={auth.user?.Email ?? ''} />
          <NoticeAddresses
            key={company.data.Version}
            company={company.data}
            onReload={() => company.refetch()}
          />
          <AddressBook customerId={company.data.Id} />
        </>
      ) : (
        <LoadState query={company} what="your company" />
      )}
    </Stack>
  );
}
