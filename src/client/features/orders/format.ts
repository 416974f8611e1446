/** How the ordering screens write dates, quantities and money (en-US, like the plant's papers). */
import dayjs from 'dayjs';

/** `2026-03-04` or an ISO timestamp → `4 Mar 2026`; a dash for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  // dayjs reads a plain `YYYY-MM-DD` as a day of the local calendar (not midnight UTC, as Date would).
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY') : value;
}

export function formatDateTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY, HH:mm') : value;
}

export const formatQty = (value: number): string => value.toLocaleString('en-US');

export function formatMoney(value: number | null): string {
  if (value === null) return '—';
  return value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}
