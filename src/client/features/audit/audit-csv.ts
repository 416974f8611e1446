/**
 * The audit screen's CSV: one line per event the filters match, with what the table shows and
 * the rows before and after as JSON, so the file is the whole record, not just the screen.
 */
import { actsInCustomersPlace, recordName } from '../../../shared/activity';
import type { EventRow } from '../../../shared/schemas/events';
import { toCsv, type CsvColumn } from '../../../shared/csv';

const snapshot = (row: Record<string, unknown> | null): string =>
  row === null ? '' : JSON.stringify(row);

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<EventRow>[] = [
  { header: 'Event', value: (e) => e.Id },
  // The instant as recorded (UTC), which sorts and compares in any spreadsheet.
  { header: 'When (UTC)', value: (e) => e.At },
  { header: 'Who', value: (e) => e.ActorName },
  { header: 'Actor uid', value: (e) => e.ActorUid },
  { header: 'Plant staff', value: (e) => (e.ByStaff ? 'yes' : 'no') },
  {
    header: 'On behalf of customer',
    value: (e) => (e.OnBehalf && actsInCustomersPlace(e.Kind) ? 'yes' : 'no'),
  },
  { header: 'Customer', value: (e) => e.CustomerCode },
  { header: 'Kind', value: (e) => e.Kind },
  { header: 'What', value: (e) => e.Text },
  { header: 'Record', value: (e) => recordName(e) },
  { header: 'Entity', value: (e) => e.Entity },
  { header: 'Entity id', value: (e) => e.EntityId },
  { header: 'Action', value: (e) => e.Action },
  { header: 'Before', value: (e) => snapshot(e.Before) },
  { header: 'After', value: (e) => snapshot(e.After) },
];

export const auditCsv = (rows: readonly EventRow[]): string => toCsv(AUDIT_CSV_COLUMNS, rows);
