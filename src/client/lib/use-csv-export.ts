/**
 * A list's "Export CSV" action: reads every matching row (`collectPages`), saves the file, and
 * says how many rows went out (and that the rest needs narrower filters when there were more), or
 * that the rows could not be loaded.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatQty } from '../../shared/format';
import { downloadCsv } from './csv';

export interface CsvExport<T> {
  /** Every matching row, and whether there were more than the export takes. */
  load: () => Promise<{ rows: T[]; truncated: boolean }>;
  csv: (rows: T[]) => string;
  /** The file's name without the date and extension, e.g. `orders-ACME`. */
  fileName: string;
  /** What the rows are, plural: "orders". */
  noun: string;
  /** Which rows an export cut short keeps, as the list orders them: "first", "newest". */
  kept: string;
}

export function useCsvExport<T>({ load, csv, fileName, noun, kept }: CsvExport<T>) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const { rows, truncated } = await load();
      downloadCsv(`${fileName}-${new Date().toISOString().slice(0, 10)}.csv`, csv(rows));
      notifications.show({
        color: truncated ? 'yellow' : 'teal',
        title: 'Export ready',
        message: truncated
          ? `The ${kept} ${formatQty(rows.length)} ${noun} were exported. Narrow the filters to export the rest.`
          : `${formatQty(rows.length)} ${noun} exported.`,
      });
    } catch {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: `The ${noun} could not be loaded. Check your connection and try again.`,
      });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, exportCsv };
}
