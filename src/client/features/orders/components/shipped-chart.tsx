/** Shipped quantity per week as a bar chart, with the same figures in words and as a table. */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text } from '@mantine/core';
import type { Dashboard } from '../../../../shared/schemas/order';
import { formatDate, formatDayMonth, formatQty, formatUnits } from '../../../../shared/format';
import classes from '../orders.module.css';

export function ShippedChart({ weeks }: { weeks: Dashboard['ShippedPerWeek'] }) {
  const data = weeks.map((w) => ({ week: formatDayMonth(w.WeekStart), Shipped: w.Qty }));
  const total = weeks.reduce((sum, w) => sum + w.Qty, 0);
  const best = weeks.reduce((top, w) => (w.Qty > top.Qty ? w : top), weeks[0]!);
  // The chart is a picture; its figures are also given in words and in a table below it.
  const summary =
    total === 0
      ? 'Nothing shipped in the last 12 weeks.'
      : `${formatUnits(total)} shipped in the last 12 weeks; the most, ${formatQty(best.Qty)}, in the week of ${formatDate(best.WeekStart)}.`;
  return (
    <Stack gap="sm">
      <Text size="sm">{summary}</Text>
      <div role="img" aria-label={`Bar chart. ${summary}`}>
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          series={[{ name: 'Shipped', color: 'portalRed.7' }]}
          tickLine="y"
          gridAxis="y"
          valueFormatter={formatQty}
        />
      </div>
      <details>
        <summary>
          <Text span size="sm">
            Show the weeks as a table
          </Text>
        </summary>
        <Table verticalSpacing={2} mt="xs" aria-label="Shipped per week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th className={classes.numeric}>Shipped</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((w) => (
              <Table.Tr key={w.WeekStart}>
                <Table.Td>{formatDate(w.WeekStart)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatQty(w.Qty)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </Stack>
  );
}
