/**
 * Choosing a customer in the admin screens' forms and filters, among every customer (inactive ones
 * too), loaded once and searched in the browser. Routes hand it to the admin features.
 */
import { Select, type SelectProps } from '@mantine/core';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { useAllCustomers } from '../api/get-all-customers';

export interface CustomerSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable'
> {
  /** A customer id, `none` for the extra choice, or null when nothing is chosen. */
  value: number | 'none' | null;
  onChange: (value: number | 'none' | null) => void;
  /** An extra first choice, e.g. "Offered to all customers" (value `none`). */
  noneLabel?: string;
  /** Leave inactive customers out (except the one already chosen). */
  activeOnly?: boolean;
}

export function CustomerSelect({
  value,
  onChange,
  noneLabel,
  activeOnly = false,
  ...props
}: CustomerSelectProps) {
  const query = useAllCustomers();
  const customers = (query.data ?? []).filter(
    (customer) => !activeOnly || customer.Active || customer.Id === value,
  );
  const data = [
    ...(noneLabel ? [{ value: 'none', label: noneLabel }] : []),
    ...customers.map((customer) => ({
      value: String(customer.Id),
      label: `${customer.CustomerName} (${customer.CustomerCode})${customer.Active ? '' : ' — inactive'}`,
    })),
  ];
  return (
    <Select
      {...props}
      searchable
      nothingFoundMessage={query.isPending ? 'Loading customers…' : 'No customer matches'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : next === 'none' ? 'none' : Number(next))}
      description={
        query.isError ? 'The customers could not be loaded; try again later.' : props.description
      }
    />
  );
}

// The admin screens' customer fields and filters, as the routes hand them to the admin features.

const customerIdOf = (value: number | 'none' | null): number | null =>
  typeof value === 'number' ? value : null;

/** A catalog item's customer: one customer, or offered to all (`none`). */
export const catalogItemCustomerField: CustomerSlot<number | 'none' | null> = (field) => (
  <CustomerSelect
    label="Customer"
    description="Made for one customer, or offered to all"
    noneLabel="All customers (offered to all)"
    allowDeselect={false}
    {...field}
  />
);

/** The catalog list's filter: one customer's items, the items offered to all, or every item. */
export const catalogCustomerFilter: CustomerSlot<number | 'none' | null> = (field) => (
  <CustomerSelect
    label="Customer"
    placeholder="All items"
    noneLabel="Offered to all customers"
    clearable
    w={{ base: '100%', xs: 260 }}
    {...field}
  />
);

/** A buyer's customer, in the user form: active customers (and the one already chosen). */
export const buyerCustomerField: CustomerSlot = ({ value, onChange, error }) => (
  <CustomerSelect
    label="Customer"
    description="The company this buyer orders for"
    placeholder="Choose a customer"
    activeOnly
    error={error}
    value={value}
    onChange={(next) => onChange(customerIdOf(next))}
  />
);

/** The user list's filter: one customer's buyers, or everyone. */
export const userCustomerFilter: CustomerSlot = ({ value, onChange }) => (
  <CustomerSelect
    label="Customer"
    placeholder="All customers"
    clearable
    value={value}
    onChange={(next) => onChange(customerIdOf(next))}
    w={{ base: '100%', xs: 240 }}
  />
);
