/**
 * THE customer chooser of forms and filters: a searchable select that asks the API as the person
 * types (by name or code), so it works with any number of customers. Options: the inactive
 * customers too (admin screens), and an extra first choice such as "Offered to all customers".
 * Routes hand it to the features that need one, as the named fields and filters below.
 *
 * While the answer to a new search is on its way, the options shown are the previous answer's
 * that match the text, and the chosen customer stays an option: when the answer arrives it only
 * adds matches, so nothing moves from under the pointer.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { CustomerRow } from '../../../../shared/schemas/customer';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';

/** A customer id, `none` for the extra choice, or null when nothing is chosen. */
export type CustomerChoice = number | 'none' | null;

export interface CustomerPickerProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  value: CustomerChoice;
  onChange: (value: CustomerChoice) => void;
  /** An extra first choice, e.g. "Offered to all customers" (value `none`). */
  noneLabel?: string | undefined;
  /** List the inactive customers too (administrators only; the chosen one is always shown). */
  includeInactive?: boolean | undefined;
}

interface Option {
  value: string;
  label: string;
}

const optionOf = (customer: CustomerRow): Option => ({
  value: String(customer.Id),
  label: `${customer.CustomerName} (${customer.CustomerCode})${customer.Active ? '' : ' — inactive'}`,
});

export function CustomerPicker({
  value,
  onChange,
  noneLabel,
  includeInactive = false,
  placeholder = 'Search by name or code',
  ...props
}: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  // The option chosen here, so its name shows whatever the list holds.
  const [chosen, setChosen] = useState<Option | null>(null);
  const current = value === null ? null : String(value);
  const known = chosen?.value === current ? chosen : null;
  // A customer chosen before (the record being edited, the address): its name, asked by id.
  const record = useCustomer(typeof value === 'number' ? value : 0, {
    enabled: typeof value === 'number' && known === null,
  });
  const selected: Option | null =
    current === null
      ? null
      : current === 'none'
        ? noneLabel
          ? { value: 'none', label: noneLabel }
          : null
        : (known ??
          (record.data ? optionOf(record.data) : { value: current, label: `Customer ${current}` }));
  // The box shows the chosen label: that is no search, the list offers everyone.
  const [debounced] = useDebouncedValue(search === selected?.label ? '' : search, 250);
  const query = useCustomers(debounced, includeInactive ? 'all' : 'true');
  const options = (query.data?.pages.flatMap((page) => page.data) ?? []).map(optionOf);
  // The chosen customer stays an option while the list shows other search results.
  if (selected && selected.value !== 'none' && !options.some((o) => o.value === selected.value)) {
    options.unshift(selected);
  }
  const data = noneLabel ? [{ value: 'none', label: noneLabel }, ...options] : options;

  return (
    <Select
      {...props}
      placeholder={placeholder}
      searchable
      data={data}
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      // Mantine's own filter (the label holds the text), so the previous answer's options that
      // match stay in place until the answer to this search arrives.
      nothingFoundMessage={
        query.isFetching
          ? 'Searching…'
          : includeInactive
            ? 'No customer matches'
            : 'No active customer matches'
      }
      description={
        query.isError ? 'The customers could not be loaded; try again later.' : props.description
      }
      onChange={(next, option) => {
        setChosen(next === null ? null : { value: option.value, label: option.label });
        onChange(next === null ? null : next === 'none' ? 'none' : Number(next));
      }}
    />
  );
}

// The customer fields and filters, as the routes hand them to the features.

const customerIdOf = (value: CustomerChoice): number | null =>
  typeof value === 'number' ? value : null;

/** A catalog item's customer: one customer, or offered to all (`none`). */
export const catalogItemCustomerField: CustomerSlot<CustomerChoice> = (field) => (
  <CustomerPicker
    label="Customer"
    description="Made for one customer, or offered to all"
    noneLabel="All customers (offered to all)"
    includeInactive
    allowDeselect={false}
    {...field}
  />
);

/** The catalog list's filter: one customer's items, the items offered to all, or every item. */
export const catalogCustomerFilter: CustomerSlot<CustomerChoice> = (field) => (
  <CustomerPicker
    label="Customer"
    placeholder="All items"
    noneLabel="Offered to all customers"
    includeInactive
    clearable
    w={{ base: '100%', xs: 260 }}
    {...field}
  />
);

/**
 * A buyer's customer (the user form, approving an access request): the active customers, and
 * the one already chosen.
 */
export const buyerCustomerField: CustomerSlot = ({ value, onChange, error }) => (
  <CustomerPicker
    label="Customer"
    description="The company this buyer orders for"
    placeholder="Choose a customer"
    error={error}
    value={value}
    onChange={(next) => onChange(customerIdOf(next))}
  />
);

/** The user list's filter: one customer's people, or everyone. */
export const userCustomerFilter: CustomerSlot = ({ value, onChange }) => (
  <CustomerPicker
    label="Customer"
    placeholder="All customers"
    includeInactive
    clearable
    value={value}
    onChange={(next) => onChange(customerIdOf(next))}
    w={{ base: '100%', xs: 240 }}
  />
);

/**
 * A list's filter on one of the active customers, or all of them when empty (the request inbox,
 * the inventory releases).
 */
export const activeCustomerFilter =
  (description: string): CustomerSlot =>
  ({ value, onChange }) => (
    <CustomerPicker
      label="Customer"
      description={description}
      placeholder="All customers"
      clearable
      value={value}
      onChange={(next) => onChange(customerIdOf(next))}
    />
  );
