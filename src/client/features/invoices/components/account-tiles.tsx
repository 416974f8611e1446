/**
 * The dashboard's "Open balance" and "Overdue" tiles: what the customer owes, and what of it is
 * past due, each a link to the invoices behind it.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatMinorUnits } from '../../../../shared/format';
import { AnchorLink } from '../../../ui/anchor-link';
import { useAccount } from '../api/get-account';

export function AccountTiles({ customerId }: { customerId: number | null }) {
  const { data } = useAccount(customerId);
  // The tiles are a glance: without figures (loading, offline) the dashboard shows the rest.
  if (!data) return null;
  const money = (minor: number) => formatMinorUnits(minor, data.Currency);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          Open balance
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {money(data.OpenBalance)}
        </Text>
        <AnchorLink to="/app/invoices" search={{ filter: 'open' }} underline="always" size="sm">
          Open invoices
        </AnchorLink>
      </Paper>
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          Overdue
        </Text>
        <Text fz={28} fw={700} lh={1.2} c={data.Overdue > 0 ? 'red' : undefined}>
          {money(data.Overdue)}
        </Text>
        {data.OverdueCount === 0 ? (
          <Text size="sm">Nothing is overdue</Text>
        ) : (
          <AnchorLink
            to="/app/invoices"
            search={{ filter: 'overdue' }}
            underline="always"
            size="sm"
          >
            {formatCount(data.OverdueCount, 'overdue invoice')}
          </AnchorLink>
        )}
      </Paper>
    </SimpleGrid>
  );
}
