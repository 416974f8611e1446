/**
 * Money as the spending limits and order values count it: whole minor units of the customer's
 * currency (cents), never floating point. Prices come as the API carries them (decimals of up to
 * four places, `UnitPrice`); a line's value is worked out on their exact digits and rounded once,
 * half away from zero, to the currency's minor unit. How money is written, and how many places a
 * currency's minor unit has, is Intl's knowledge, in format.ts.
 */

import { minorDigits } from './format';

/** The decimal places of a price the catalog keeps (numeric(12, 4)). */
const PRICE_PLACES = 4;

/** Whether `code` is a currency Intl can write (an ISO 4217 code). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    minorDigits(code);
    return true;
  } catch {
    return false;
  }
}

/**
 * A price's exact digits as a whole number of 1/10,000ths. A JS number read from a four-place
 * decimal prints back as that decimal (`1.38`, `0.0625`), so its text is read, not its binary
 * value.
 */
function priceInTenThousandths(price: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(price));
  if (!match) return BigInt(Math.round(price * 10 ** PRICE_PLACES));
  const [, whole = '0', fraction = ''] = match;
  const places = fraction.padEnd(PRICE_PLACES, '0');
  const kept = BigInt(places.slice(0, PRICE_PLACES));
  // More places than the catalog keeps cannot come from it; round them away all the same.
  const roundUp = places.length > PRICE_PLACES && Number(places[PRICE_PLACES]) >= 5 ? 1n : 0n;
  return BigInt(whole) * 10n ** BigInt(PRICE_PLACES) + kept + roundUp;
}

/** `units` of 10^-`places` as minor units of a currency of `digits` places, half away from zero. */
function toMinor(units: bigint, places: number, digits: number): number {
  if (digits >= places) return Number(units * 10n ** BigInt(digits - places));
  const divisor = 10n ** BigInt(places - digits);
  const quotient = units / divisor;
  return Number(units % divisor >= divisor / 2n ? quotient + 1n : quotient);
}

export interface PricedLine {
  readonly QtyOrdered: number;
  /** The unit price; null for an item the catalog has no price for, which counts as nothing. */
  readonly UnitPrice: number | null;
}

/**
 * What the lines are worth, in minor units of `currency`: the exact sum of quantity × price,
 * rounded once. A line without a price adds nothing (the plant quotes it later).
 */
export function orderValueMinor(lines: readonly PricedLine[], currency: string): number {
  const total = lines.reduce(
    (sum, line) =>
      line.UnitPrice === null
        ? sum
        : sum + BigInt(line.QtyOrdered) * priceInTenThousandths(line.UnitPrice),
    0n,
  );
  return toMinor(total, PRICE_PLACES, minorDigits(currency));
}

/** The most a limit may be: far beyond any order, and exact as a JS number. */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

/**
 * What a person typed as an amount ("5,000", "5000.50", "$1,250.5"), in minor units of
 * `currency`; null when it is not an amount in that currency (more decimals than it has, a sign,
 * letters).
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  // A currency sign before the amount goes; a minus sign stays, and makes it no amount.
  const cleaned = text.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > BigInt(MAX_MINOR_UNITS) ? null : Number(minor);
}
