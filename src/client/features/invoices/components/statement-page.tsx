/**
 * `/app/statement`: the statement of account as at a chosen date — opening balance, every
 * invoice, credit and payment in date order with the balance after each, closing balance — and
 * the aging of what is open, with the same as a PDF and as CSV.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isCalendarDate } from '../../../../shared/calendar-date';
import { formatDate, formatMinorUnits } from '../../../../shared/format';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  STATEMENT_ENTRY_LABELS,
} from '../../../../shared/invoices';
import type { Statement, StatementLine } from '../../../../shared/schemas/invoice';
import { ApiRequestError } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { DataTable } from '../../../ui/data-table';
import { LoadState } from '../../../ui/load-state';
import { useDownloadStatementPdf, useStatement, type StatementPeriod } from '../api/get-statement';
import { statementCsv } from '../invoice-csv';

function StatementBody({ statement }: { statement: Statement }) {
  const money = (minor: number) => formatMinorUnits(minor, statement.Currency);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <div>
            <Text size="sm" c="dimmed">
              Opening balance, {formatDate(statement.From)}
            </Text>
            <Text fw={700}>{money(statement.OpeningBalance)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Closing balance, {formatDate(statement.AsOf)}
            </Text>
            <Text fw={700} fz="xl">
              {money(statement.ClosingBalance)}
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        Movements
      </Title>
      {statement.Lines.length === 0 ? (
        <Text>Nothing was invoiced, credited or paid in this period.</Text>
      ) : (
        <DataTable<StatementLine>
          caption="Statement lines"
          minWidth={640}
          rows={statement.Lines}
          rowKey={(line) => `${line.Kind}-${line.Id}`}
          cardTitle={(line) =>
            `${formatDate(line.Date)} · ${STATEMENT_ENTRY_LABELS[line.Kind]} ${line.Document}`
          }
          columns={[
            { header: 'Date', cell: (line) => formatDate(line.Date) },
            { header: 'Type', cell: (line) => STATEMENT_ENTRY_LABELS[line.Kind] },
            { header: 'Document', cell: (line) => line.Document || '—', breakable: true },
            { header: 'Due', cell: (line) => (line.DueDate ? formatDate(line.DueDate) : '—') },
            { header: 'Amount', cell: (line) => money(line.Amount), numeric: true },
            { header: 'Balance', cell: (line) => money(line.Balance), numeric: true },
          ]}
        />
      )}
      <Title order={2} size="h4">
        Aging of what is open
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {AGING_BUCKETS.map((bucket) => (
          <Paper withBorder p="sm" key={bucket}>
            <Text size="sm" c="dimmed">
              {AGING_BUCKET_LABELS[bucket]}
            </Text>
            <Text fw={600}>{money(statement.Aging[bucket])}</Text>
          </Paper>
        ))}
        <Paper withBorder p="sm">
          <Text size="sm" c="dimmed">
            Total open
          </Text>
          <Text fw={700}>{money(statement.Aging.Total)}</Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

export function StatementPage({
  customerId,
  period,
  onPeriodChange,
}: {
  customerId: number | null;
  period: StatementPeriod;
  onPeriodChange: (next: StatementPeriod) => void;
}) {
  const query = useStatement(customerId, period);
  const pdf = useDownloadStatementPdf();
  const statement = query.data;
  const setDate = (key: 'asOf' | 'from', value: string) => {
    // A half-typed date waits; a cleared start falls back to the first of the month.
    if (value === '' && key === 'from') onPeriodChange({ ...period, from: undefined });
    else if (isCalendarDate(value)) onPeriodChange({ ...period, [key]: value });
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Statement of account</Title>
        {statement && <Text c="dimmed">{statement.CustomerName}</Text>}
      </div>
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          type="date"
          label="From"
          value={period.from ?? statement?.From ?? ''}
          onChange={(event) => setDate('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="As at"
          value={period.asOf}
          onChange={(event) => setDate('asOf', event.currentTarget.value)}
        />
      </Group>
      <Group gap="sm">
        <Button
          disabled={!statement}
          loading={pdf.isPending}
          onClick={() =>
            pdf.mutate(period, {
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'The statement did not download',
                  message:
                    error instanceof ApiRequestError ? error.message : 'Check your connection.',
                }),
            })
          }
        >
          Download PDF
        </Button>
        <Button
          variant="default"
          disabled={!statement}
          onClick={() =>
            statement && downloadCsv(`statement-${statement.AsOf}.csv`, statementCsv(statement))
          }
        >
          Download CSV
        </Button>
      </Group>
      <LoadState query={query} what="the statement" showError={!statement} />
      {statement && <StatementBody statement={statement} />}
    </Stack>
  );
}
