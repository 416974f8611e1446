/**
 * Shipped quantity per week as a bar chart, with the same figures in words and as a table.
 *
 * Drawn with a few boxes and CSS rather than a chart library: twelve bars on a scale need none of
 * what recharts and d3 brought (118 kB, the largest chunk of the dashboard, which the figures had
 * to wait for or be followed by), so the chart comes with the figures in one go
 * (docs/decisions/025). A bar's height is its share of the scale's top; the scale's steps are
 * round numbers; on a narrow screen every other week is named.
 */
import { Stack, Table, Text } from '@mantine/core';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { formatDate, formatDayMonth, formatQty, formatUnits } from '../../../../shared/format';
import classes from './dashboard.module.css';
import chart from './shipped-chart.module.css';

/** Four steps of 1, 2, 2.5 or 5 times a power of ten, the first four that reach `max`. */
export function scaleSteps(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ??
    10 * power;
  return [0, step, 2 * step, 3 * step, 4 * step];
}

export function ShippedChart({ weeks }: { weeks: Dashboard['ShippedPerWeek'] }) {
  const total = weeks.reduce((sum, w) => sum + w.Qty, 0);
  const best = weeks.reduce((top, w) => (w.Qty > top.Qty ? w : top), weeks[0]!);
  const steps = scaleSteps(best.Qty);
  const top = steps.at(-1) || 1;
  const height = (qty: number) => `${(qty / top) * 100}%`;
  // The chart is a picture; its figures are also given in words and in a table below it.
  const summary =
    total === 0
      ? 'Nothing shipped in the last 12 weeks.'
      : `${formatUnits(total)} shipped in the last 12 weeks; the most, ${formatQty(best.Qty)}, in the week of ${formatDate(best.WeekStart)}.`;
  return (
    <Stack gap="sm">
      <Text size="sm">{summary}</Text>
      <div role="img" aria-label={`Bar chart. ${summary}`} className={chart.chart}>
        <div className={chart.scale}>
          {/* In the flow, unseen: the widest label gives the scale its width. */}
          <span className={chart.sizer}>{formatQty(top)}</span>
          {steps.map((step) => (
            <span key={step} className={chart.step} style={{ bottom: height(step) }}>
              {formatQty(step)}
            </span>
          ))}
        </div>
        <div className={chart.plot}>
          {steps.slice(1).map((step) => (
            <span key={step} className={chart.gridline} style={{ bottom: height(step) }} />
          ))}
          <div className={chart.bars}>
            {weeks.map((w) => (
              <span
                key={w.WeekStart}
                className={chart.bar}
                style={{ height: height(w.Qty) }}
                title={`Week of ${formatDate(w.WeekStart)}: ${formatQty(w.Qty)}`}
              />
            ))}
          </div>
        </div>
        <div className={chart.weeks}>
          {weeks.map((w) => (
            <span key={w.WeekStart} className={chart.week}>
              {formatDayMonth(w.WeekStart)}
            </span>
          ))}
        </div>
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
