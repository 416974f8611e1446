/**
 * Field schemas that several resources share, with the messages people read beside the fields.
 * The API validates with them and the forms validate with the same, so both say the same thing.
 */
import { z } from 'zod';
import {
  CALENDAR_DATE_PATTERN,
  hasDayPassed,
  isCalendarDate,
  PAST_DATE_MESSAGE,
} from '../calendar-date';
import { FREIGHT_CLASSES, NMFC_PATTERN } from '../freight';
import { ACTIVE_FILTERS } from '../list-options';
import { positiveIntParamSchema } from './common';

/** A calendar day, `YYYY-MM-DD`, that exists (no 2024-02-30): src/shared/calendar-date.ts. */
export const calendarDateSchema = z
  .string()
  .regex(CALENDAR_DATE_PATTERN, 'Enter a date as YYYY-MM-DD.')
  .refine(isCalendarDate, 'This date does not exist.');

/**
 * A calendar day that is not past: not yet over in every time zone (the portal's one rule, see
 * src/shared/calendar-date.ts), by the clock of the machine validating it, the browser's or the
 * server's. The rule reads an instant, so both give the same answer at the same moment.
 */
export const notPastDateSchema = calendarDateSchema.refine(
  (date) => !isCalendarDate(date) || !hasDayPassed(date),
  PAST_DATE_MESSAGE,
);

/**
 * A record's number in the plant's own systems (its ERP's order, item or customer number): up to
 * 64 letters, digits and `. - _ / : #`, as ERPs write them; unique per kind of record.
 */
export const externalIdSchema = z
  .string({ error: 'Enter the number the plant’s system gives it.' })
  .trim()
  .min(1, 'Enter the number the plant’s system gives it.')
  .max(64, 'Keep it to 64 characters.')
  .regex(/^[\w.\-/:#]+$/, 'Use letters, digits and . - _ / : # only.');

/** A portal order number in a row of the plant's systems (what people see, e.g. 100017). */
export const orderNumberSchema = z.number().int().min(1).max(2_147_483_647);

/**
 * Why a row of the plant's systems is refused when it names its customer both ways (or neither,
 * where it needs one).
 */
export const CUSTOMER_REF_MESSAGE = 'Name the customer once: CustomerExternalId or CustomerId.';

/** A list filter on the Active flag. */
export const activeFilterSchema = z.enum(ACTIVE_FILTERS);
export type ActiveFilter = z.infer<typeof activeFilterSchema>;

/**
 * Control characters (C0, DEL and C1) other than tab, line feed and carriage return: nothing a
 * person types, and PostgreSQL cannot store a NUL in text at all (it refused the statement, a 500).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'Remove the control character (such as a NUL) from this text: it cannot be stored.';

/**
 * Text as people type it, the base of every free-text field and search parameter: any string
 * without control characters (tab and line breaks are kept). Chain `.trim()`, `.min()`, `.max()`
 * on it as on `z.string()`; `error` is the message when the field is missing or not text.
 */
export const textSchema = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine((text) => !CONTROL_CHARACTER.test(text), CONTROL_CHARACTER_MESSAGE);

/** A page's size, in a query. */
export const limitSchema = positiveIntParamSchema(200).prefault('50');
/** The server's own token for the next page (base64url); anything else is no cursor. */
export const cursorSchema = z
  .string()
  .max(400)
  .regex(/^[\w-]*$/, 'Not a cursor of this list')
  .optional();
/** A list's search text (an order's number, PO or item number; a customer's name or code…). */
export const searchSchema = textSchema().trim().max(100).optional();

/**
 * `sort` of a list: one of the whitelisted keys, ascending, or descending with a leading `-`.
 * The first key is the default.
 */
export function sortSchema<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = keys.flatMap((key) => [key, `-${key}`]) as [K | `-${K}`, ...(K | `-${K}`)[]];
  const schema = z.enum(values);
  // The generic mapped type of z.enum hides that keys[0] is one of its values.
  return schema.default(keys[0] as never);
}

/** The key of a sort value: `name` for both `name` and `-name`. */
export type SortKey<S extends string> = S extends `-${infer K}` ? K : S;

/** Splits `-name` into its key and direction. */
export function parseSort<S extends string>(sort: S): { key: SortKey<S>; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as SortKey<S>, descending };
}

export const emailSchema = textSchema()
  .trim()
  .toLowerCase()
  .min(1, 'Enter an email address.')
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

/** Required text, trimmed, with a length limit. */
export const requiredText = (max: number, missing: string) =>
  textSchema(missing).trim().min(1, missing).max(max, `Keep it to ${max} characters.`);

/** Optional text: trimmed, and null when left empty (or omitted). */
export const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max, `Keep it to ${max} characters.`)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

/** An NMFC freight class (50 to 500, src/shared/freight.ts); '' when not told. */
export const freightClassSchema = z
  .enum(['', ...FREIGHT_CLASSES], { error: 'Choose a freight class from the list (50 to 500).' })
  .default('');

/** An NMFC item number, with its sub number if any; '' when not told. */
export const nmfcSchema = textSchema()
  .trim()
  .regex(NMFC_PATTERN, 'Enter the NMFC number as digits, e.g. 156600 or 156600-03.')
  .default('');
