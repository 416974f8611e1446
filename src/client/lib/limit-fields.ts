/**
 * A spending limit as a form holds it: the text as typed, read into minor units of the currency
 * (src/shared/money.ts) when the form is sent. The company's screen and the administration's user
 * form both read them so, and say the same thing of text that is no amount.
 */
import { minorToDecimalText } from '../../shared/format';
import { parseMoneyInput } from '../../shared/money';

/** The limit's text for a form: the amount in the currency's units, empty for none. */
export const limitText = (minor: number | null | undefined, currency: string): string =>
  minor === null || minor === undefined ? '' : minorToDecimalText(minor, currency);

/** The typed limit in minor units; null for none (empty); undefined for text that is no amount. */
export function readLimit(text: string, currency: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseMoneyInput(text, currency) ?? undefined;
}

/** What a field says of text that is no amount in the currency. */
export const notAnAmount = (currency: string): string =>
  `Enter an amount like ${minorToDecimalText(500_000, currency)}, or leave it empty for no limit.`;
