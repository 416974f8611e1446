/**
 * The customer's credit on the order review (docs/product/invoices.md): its limit and what is
 * available as the ERP sent them, and a plain warning when the order would go over it. A warning
 * only: the plant decides what to do with an order over a customer's credit. Nothing is shown for
 * a customer without a limit, or until the figures are there.
 */
import { Alert, Text } from '@mantine/core';
import { formatMinorUnits } from '../../../../shared/format';
import { useAccount } from '../api/get-account';

/** `orderValue`: a function of the currency, since the customer's currency arrives with the figures. */
export function CreditNotice({
  customerId,
  orderValue,
}: {
  customerId: number | null;
  orderValue: (currency: string) => number;
}) {
  const { data } = useAccount(customerId);
  if (!data || data.CreditLimit === null || data.AvailableCredit === null) return null;
  const money = (minor: number) => formatMinorUnits(minor, data.Currency);
  const value = orderValue(data.Currency);
  const over = value - data.AvailableCredit;
  if (over > 0) {
    return (
      <Alert color="red" variant="light" title="Over your credit limit">
        This order ({money(value)}) is {money(over)} more than your available credit of{' '}
        {money(Math.max(0, data.AvailableCredit))} (credit limit {money(data.CreditLimit)}, open
        balance {money(data.OpenBalance)}). You may still place it; the plant may hold it until
        invoices are paid.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Credit limit {money(data.CreditLimit)}, available {money(data.AvailableCredit)}; this order
      leaves {money(data.AvailableCredit - value)}.
    </Text>
  );
}
