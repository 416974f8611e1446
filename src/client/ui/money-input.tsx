/**
 * An amount of money as a person types it (a spending limit): the text is kept exactly as typed
 * and read into minor units by the form (src/shared/money.ts `parseMoneyInput`), never through a
 * floating-point number, and never rewritten while typing (decision 018). The currency's sign
 * stands before it; empty means none.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<TextInputProps, 'leftSection' | 'inputMode'> & {
  /** ISO 4217: its sign is shown before the amount. */
  currency: string;
};

function currencySign(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export function MoneyInput({ currency, ...props }: MoneyInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden="true">{currencySign(currency)}</span>}
    />
  );
}
