/**
 * How the portal writes dates, quantities, money and dimensions: one format for each, shared so
 * that every screen, the CSV export and (later) the server's emails say the same thing the same
 * way (en-US numbers and dollars, like the plant's papers; dates day-first with the month in
 * words, which no reader can take for another day).
 *
 * Dates and whole numbers are written by hand rather than through `Intl` or `toLocaleString`:
 * their first call loads the locale data (some 30 ms on a desktop, several times that on a
 * phone), and schema modules write numbers into messages while they load. Money needs `Intl`'s
 * currency rules, so its formatter is made on first use, not when this module loads.
 */
import { formatInches } from './inches';

const NONE = '—';

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${date} ${MONTHS[month]} ${year}`;

/**
 * `23 Nov 2026`. A calendar day (`2026-11-23`, a requested ship date) is written as it is, with
 * no time-zone shift; an instant (an ISO timestamp) as the day it is on this machine's clock.
 * A dash for none; text that is neither is shown as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NONE;
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const [, y, m, d] = calendar.map(Number) as [number, number, number, number];
    return day(y, m - 1, d);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return day(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `23 Nov 2026, 07:52` (24-hour clock) for an instant, on this machine's clock. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NONE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${day(date.getFullYear(), date.getMonth(), date.getDate())}, ${time}`;
}

/** `23 Nov` (a week on a chart's axis, where the year is in the title). */
export function formatDayMonth(value: string): string {
  return formatDate(value).replace(/ \d{4}$/, '');
}

/**
 * A file's size, and the limits that messages about files name: `820 B`, `12.5 KB`, `300 KB`,
 * `4.2 MB` (1 KB = 1,024 bytes, as file managers count).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${unit}`;
}

/** A number with thousands separators in its whole part: `1,000,000`, `1,234.5678`. */
export function formatQty(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A count with its noun, pluralised: `1 unit`, `2 units`, `1,500 lines`. `plural` for nouns that
 * do not just take an s.
 */
export function formatCount(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatQty(value)} ${value === 1 ? singular : plural}`;
}

/** `1 unit`, `2,500 units`. */
export const formatUnits = (value: number): string => formatCount(value, 'unit');

const digitsCache = new Map<string, number>();

/**
 * How many decimal places the currency's minor unit has (USD 2, JPY 0, KWD 3), as Intl knows it.
 * Asked of Intl once per currency: its first call loads the locale's data.
 */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** Minor units as a plain decimal in the currency's places: 500050 USD → `5000.50`. */
export function minorToDecimalText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const units = BigInt(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${units}`;
  const scale = 10n ** BigInt(digits);
  return `${sign}${units / scale}.${String(units % scale).padStart(digits, '0')}`;
}

const prices = new Map<string, Intl.NumberFormat>();
const amounts = new Map<string, Intl.NumberFormat>();

/**
 * A price, always with the currency's sign, with its minor unit's decimals and up to four (prices
 * of small parts need the four the API keeps): `$1.38`, `$0.1234`, `$1,250.00`. A dash for no
 * price. Dollars unless the customer's currency is named.
 */
export function formatMoney(value: number | null | undefined, currency = 'USD'): string {
  if (value === null || value === undefined) return NONE;
  let format = prices.get(currency);
  if (!format) {
    const digits = minorDigits(currency);
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 4),
    });
    prices.set(currency, format);
  }
  return format.format(value);
}

/**
 * An amount kept in minor units (an order's value, a spending limit) in its currency: 500050 USD
 * is `$5,000.50`. Written from the exact decimal text, never through a floating-point division.
 * A dash for none.
 */
export function formatMinorUnits(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return NONE;
  let format = amounts.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    amounts.set(currency, format);
  }
  // Intl reads a decimal string exactly (its `StringNumericLiteral` input).
  return format.format(minorToDecimalText(minor, currency) as unknown as number);
}

export interface Dimensions {
  /** Sixteenths of an inch, as stored. */
  readonly Length: number;
  readonly Width: number;
  /** 0 for a flat part (a pad or a sheet), which has no height to show. */
  readonly Height: number;
}

/** Length × width × height: `12 3/8″ × 10 1/4″ × 6″`; a pad without height `24″ × 18″`. */
export function formatDimensions({ Length, Width, Height }: Dimensions): string {
  const sides = Height === 0 ? [Length, Width] : [Length, Width, Height];
  return sides.map(formatInches).join(' × ');
}

/** The parts of a ship-to address that say where it is (a book entry or an order's copy). */
export interface ShipToParts {
  readonly Name: string;
  readonly Lines: readonly string[];
  readonly City: string;
  readonly Region: string;
  readonly PostalCode: string;
  readonly Country: string;
}

/** One line: `Acme East Warehouse, Building C, 45 Commerce Park Drive, Shelbyville IL 62565, United States`. */
export function formatAddress(address: ShipToParts): string {
  const place = [address.City, [address.Region, address.PostalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' ');
  return [address.Name, ...address.Lines, place, address.Country].filter(Boolean).join(', ');
}

/**
 * Where an order goes: the copy of the address it was placed to. Orders from before the address
 * book have none; their free-text ship-to is shown, and an empty one meant the customer's usual
 * address, which is what is said rather than a dash.
 */
export const formatShipTo = (shipTo: string, address?: ShipToParts | null): string =>
  address ? formatAddress(address) : shipTo.trim() || 'The usual address';

/** A record's number in the plant's ERP as people read it beside the portal's: "ERP 4500123". */
export function formatErpNumber(externalId: string): string {
  return `ERP ${externalId}`;
}

/**
 * A shipment as buyers name it: its order's number and its place among the order's shipments,
 * "100024-2" for the second. The portal's row id means nothing to them.
 */
export function formatShipmentNumber(orderNumber: number, sequence: number): string {
  return `${orderNumber}-${sequence}`;
}

/**
 * A release as buyers name it: its order's number and its place among the order's releases,
 * "100024-R2" for the second. The "R" keeps it from reading as the order's second shipment,
 * "100024-2" (decision 044).
 */
export function formatReleaseNumber(orderNumber: number, sequence: number): string {
  return `${orderNumber}-R${sequence}`;
}
