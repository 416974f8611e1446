/**
 * Quick order from a spreadsheet (docs/product/ordering-tools.md), inside the order form: the buyer
 * uploads an Excel workbook or a CSV file (or downloads the template first), or pastes lines copied
 * from a spreadsheet, and sees every row accepted or refused with its reason — and how its
 * numbers and dates were read, in the buyer's locale — before anything becomes a line. A refused row can be fixed in place
 * (checked again as it is typed), dropped, or downloaded with the others to fix in the spreadsheet.
 * Only the buyer's "Add" turns accepted rows into the form's lines; nothing is sent to the plant
 * until the order itself is placed, and the API checks every line again then.
 */
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDate, formatQty } from '../../../../../shared/format';
import {
  checkSheetRows,
  DEFAULT_LOCALE,
  localeConventions,
  readDate,
  readQty,
  type RowVerdict,
  type SheetRow,
} from '../../../../../shared/quick-order';
import { errorMessage } from '../../../../lib/api-errors';
import { DataTable } from '../../../../ui/data-table';
import { useOfferedCatalog } from '../../api/get-offered-catalog';
import { downloadCsv } from '../../../../lib/csv';
import {
  parseSheet,
  readSheetFile,
  refusedRowsCsv,
  sheetTemplateCsv,
  type SheetResult,
} from '../../sheet';
import type { PlaceOrder } from './use-place-order';

interface Checked {
  row: SheetRow;
  verdict: RowVerdict;
}

/** Filled in dark shades, as the status badges are: Mantine's light variants fail contrast. */
function VerdictBadge({ accepted }: { accepted: boolean }) {
  return (
    <Badge variant="filled" radius="sm" miw="max-content" color={accepted ? 'teal.9' : '#c92a2a'}>
      {accepted ? 'Accepted' : 'Refused'}
    </Badge>
  );
}

const reasonsOf = (verdict: RowVerdict) => (verdict.accepted ? [] : verdict.reasons);

/** The browser's locale, the one its spreadsheets write numbers and dates in. */
const browserLocale = () =>
  (typeof navigator !== 'undefined' && navigator.language) || DEFAULT_LOCALE;

/** A few locales to choose from when the sheet came from elsewhere, beside the browser's own. */
const LOCALES = [
  { value: 'en-US', label: 'English (US): 1,200 and 12/15/2026' },
  { value: 'en-GB', label: 'English (UK): 1,200 and 15/12/2026' },
  { value: 'de-DE', label: 'German: 1.200 and 15.12.2026' },
  { value: 'fr-FR', label: 'French: 1 200 and 15/12/2026' },
];

function localeOptions(own: string) {
  if (LOCALES.some((l) => l.value === own)) return LOCALES;
  const c = localeConventions(own);
  const sample = `${formatSample(c.group)} and ${c.datePattern}`;
  return [{ value: own, label: `Your browser (${own}): ${sample}` }, ...LOCALES];
}

const formatSample = (group: string) => `1${group.replace(/[\u00a0\u202f]/g, ' ')}200`;

/** A cell as typed, and what it was read as when that differs (`1.200 → 1,200`). */
function Reading({ typed, read }: { typed: string; read: string | null }) {
  if (!typed) return <>—</>;
  if (read === null || read === typed) return <>{typed}</>;
  return (
    <>
      {typed}{' '}
      <Text span size="sm" c="dimmed">
        (read as {read})
      </Text>
    </>
  );
}

export function QuickOrder({ order }: { order: PlaceOrder }) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<SheetRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [readingFile, setReadingFile] = useState(false);
  const [locale, setLocale] = useState(browserLocale);
  const conventions = localeConventions(locale);
  const catalog = useOfferedCatalog(order.customerId, rows !== null);

  const onForm = order.form.values.Lines.map((l) => l.ItemNumber).filter((n) => n.trim() !== '');
  const verdicts =
    rows && catalog.data ? checkSheetRows(rows, catalog.data, new Date(), onForm, locale) : null;
  const checked: Checked[] =
    rows && verdicts ? rows.map((row, index) => ({ row, verdict: verdicts[index]! })) : [];
  const accepted = checked.filter((c) => c.verdict.accepted);
  const refused = checked.filter((c) => !c.verdict.accepted);
  const edited = checked.find((c) => c.row.Row === editing) ?? null;

  const show = (result: SheetResult, how: string | null) => {
    if ('error' in result) {
      setProblem(result.error);
      setReading(null);
      return;
    }
    setProblem(null);
    setRows(result.rows);
    setReading(how);
  };

  const readFile = async (file: File | null) => {
    if (file === null) return;
    setReadingFile(true);
    try {
      const result = await readSheetFile(new Uint8Array(await file.arrayBuffer()));
      show(result, 'reading' in result ? `“${file.name}”: ${result.reading}` : null);
    } catch {
      // The workbook reader could not be loaded (offline before it was ever fetched).
      show(
        {
          error:
            'The spreadsheet reader could not be loaded. Check the connection and choose the file again, or save it as CSV.',
        },
        null,
      );
    } finally {
      setReadingFile(false);
    }
  };

  const change = (row: number, field: keyof Omit<SheetRow, 'Row'>, value: string) =>
    setRows(
      (current) => current?.map((r) => (r.Row === row ? { ...r, [field]: value } : r)) ?? null,
    );

  const drop = (row: number) =>
    setRows((current) => {
      const left = current?.filter((r) => r.Row !== row) ?? [];
      return left.length > 0 ? left : null;
    });

  const addAccepted = () => {
    order.addSheetLines(
      accepted.map(({ verdict }) => {
        const line = verdict.accepted ? verdict.line : null;
        return {
          ItemNumber: line?.ItemNumber ?? '',
          QtyOrdered: line?.QtyOrdered ?? '',
          RequestedShipDate: line?.RequestedShipDate ?? '',
        };
      }),
    );
    notifications.show({
      color: 'teal',
      title: `${accepted.length} ${accepted.length === 1 ? 'line' : 'lines'} added`,
      message:
        refused.length > 0
          ? `${refused.length} refused ${refused.length === 1 ? 'row stays' : 'rows stay'} in the preview to fix or download.`
          : 'Review the order when it is complete.',
    });
    // The refused rows stay to be fixed or downloaded; the rest is now on the form.
    const left = refused.map((c) => c.row);
    setRows(left.length > 0 ? left : null);
    setText('');
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Upload an Excel workbook or a CSV file, or paste lines copied from a spreadsheet: item
        number, quantity and, if you wish, a ship date for the line. Up to 500 lines; each is
        checked before it is added.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            downloadCsv('quick-order-template.csv', sheetTemplateCsv(conventions.decimal))
          }
        >
          Download a template
        </Button>
      </Group>
      <FileInput
        label="Spreadsheet (Excel .xlsx or CSV)"
        description="A header row names the columns: Item, Quantity, Ship date"
        accept=".xlsx,.csv,.tsv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        placeholder="Choose a file…"
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        value={null}
        disabled={readingFile}
        rightSection={readingFile ? <Loader size="xs" aria-hidden /> : undefined}
        onChange={(file) => void readFile(file)}
      />
      <Select
        label="Numbers and dates in the sheet are written as"
        data={localeOptions(browserLocale())}
        value={locale}
        allowDeselect={false}
        onChange={(value) => value && setLocale(value)}
        maw={420}
      />
      <Textarea
        label="Paste item numbers and quantities (optional)"
        description="One item per line, e.g. ACM-1001 120, or cells copied from a spreadsheet"
        autosize
        minRows={3}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group>
        <Button
          variant="default"
          onClick={() => show(parseSheet(text), 'Pasted lines')}
          disabled={text.trim() === ''}
        >
          Preview
        </Button>
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert" title="This sheet cannot be read">
          {problem}
        </Alert>
      )}

      {rows !== null && catalog.isPending && (
        <Group gap="xs" role="status">
          {catalog.fetchStatus === 'paused' ? (
            // Offline: the query waits and runs by itself when the connection returns.
            <Text size="sm">
              The rows are checked against your catalog when you are back online.
            </Text>
          ) : (
            <>
              <Loader size="sm" />
              <Text size="sm">Checking the items against your catalog…</Text>
            </>
          )}
        </Group>
      )}
      {rows !== null && catalog.isError && (
        <Alert color="red" variant="light" role="alert" title="The items could not be checked">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(catalog.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void catalog.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {verdicts && (
        <Stack gap="sm">
          <Text fw={600} role="status">
            {accepted.length} accepted, {refused.length} refused
          </Text>
          {reading && (
            <Text size="sm" c="dimmed">
              Read from {reading}; numbers and dates as {conventions.datePattern} with{' '}
              {formatSample(conventions.group)} for twelve hundred.
            </Text>
          )}
          <DataTable
            caption="Quick order preview"
            minWidth={760}
            rows={checked}
            rowKey={(c) => c.row.Row}
            cardTitle={(c) => `Row ${c.row.Row}`}
            columns={[
              { header: 'Row', cell: (c) => c.row.Row },
              { header: 'Item', cell: (c) => c.row.ItemNumber || '—' },
              {
                header: 'Quantity',
                cell: (c) => {
                  const qty = readQty(c.row.Qty, locale);
                  return <Reading typed={c.row.Qty} read={qty === null ? null : formatQty(qty)} />;
                },
              },
              {
                header: 'Ship date',
                cell: (c) => {
                  if (!c.row.ShipDate.trim()) return 'Order’s date';
                  const date = readDate(c.row.ShipDate, locale);
                  return <Reading typed={c.row.ShipDate} read={date && formatDate(date)} />;
                },
              },
              {
                header: 'Check',
                wrap: true,
                cell: ({ verdict }) =>
                  verdict.accepted ? (
                    <VerdictBadge accepted />
                  ) : (
                    <Stack gap={2}>
                      <VerdictBadge accepted={false} />
                      <Text size="sm">{verdict.reasons.join(' ')}</Text>
                    </Stack>
                  ),
              },
            ]}
            actions={(c) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`${c.verdict.accepted ? 'Edit' : 'Fix'} row ${c.row.Row}`}
                  onClick={() => setEditing(c.row.Row)}
                >
                  {c.verdict.accepted ? 'Edit' : 'Fix'}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Drop row ${c.row.Row}`}
                  onClick={() => drop(c.row.Row)}
                >
                  Drop
                </Button>
              </Group>
            )}
          />
          <Group gap="sm">
            <Button onClick={addAccepted} disabled={accepted.length === 0}>
              {`Add ${formatQty(accepted.length)} accepted ${accepted.length === 1 ? 'line' : 'lines'}`}
            </Button>
            <Button
              variant="default"
              disabled={refused.length === 0}
              onClick={() =>
                downloadCsv(
                  'refused-rows.csv',
                  refusedRowsCsv(
                    refused.map((c) => ({ row: c.row, reasons: reasonsOf(c.verdict) })),
                  ),
                )
              }
            >
              Download refused rows
            </Button>
            <Button variant="subtle" onClick={() => setRows(null)}>
              Discard preview
            </Button>
          </Group>
        </Stack>
      )}

      <Modal
        opened={edited !== null}
        onClose={() => setEditing(null)}
        title={edited ? `Row ${edited.row.Row}` : ''}
      >
        {edited && (
          <Stack gap="sm">
            <TextInput
              label="Item number"
              data-autofocus
              value={edited.row.ItemNumber}
              onChange={(e) => change(edited.row.Row, 'ItemNumber', e.currentTarget.value)}
            />
            <TextInput
              label="Quantity"
              inputMode="numeric"
              value={edited.row.Qty}
              onChange={(e) => change(edited.row.Row, 'Qty', e.currentTarget.value)}
            />
            <TextInput
              label="Ship date (optional)"
              description={`${conventions.datePattern} or YYYY-MM-DD; empty for the order’s date`}
              value={edited.row.ShipDate}
              onChange={(e) => change(edited.row.Row, 'ShipDate', e.currentTarget.value)}
            />
            <div aria-live="polite">
              {edited.verdict.accepted ? (
                <VerdictBadge accepted />
              ) : (
                <Alert color="red" variant="light" title="Refused">
                  {reasonsOf(edited.verdict).join(' ')}
                </Alert>
              )}
            </div>
            <Group justify="flex-end">
              <Button onClick={() => setEditing(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
