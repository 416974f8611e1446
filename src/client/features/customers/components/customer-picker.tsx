/**
 * Choosing one customer in a form or a filter: a searchable select that asks the API as the
 * person types (active customers by name or code), so it works with any number of customers.
 * Routes hand it to the features that need one (request inbox, request work, inventory releases).
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCustomers } from '../api/get-customers';

export interface CustomerPickerProps {
  label: string;
  value: number | null;
  onChange: (customerId: number | null) => void;
  error?: string | undefined;
  description?: string;
  clearable?: boolean;
  placeholder?: string;
}

export function CustomerPicker({
  label,
  value,
  onChange,
  error,
  description,
  clearable = false,
  placeholder = 'Search by name or code',
}: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useCustomers(debounced);
  // The chosen customer stays an option while the list shows other search results.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (query.data?.pages.flatMap((page) => page.data) ?? []).map((customer) => ({
    value: String(customer.Id),
    label: `${customer.CustomerName} (${customer.CustomerCode})`,
  }));
  const current = value === null ? null : String(value);
  if (current !== null && !options.some((o) => o.value === current)) {
    // A customer from the address, not among the results: its id until it is chosen again.
    options.unshift(
      chosen?.value === current ? chosen : { value: current, label: `Customer ${current}` },
    );
  }

  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      data={options}
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      // The API already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? 'Searching…' : 'No active customer matches'}
      error={error}
      onChange={(next, option) => {
        setChosen(next === null ? null : { value: option.value, label: option.label });
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
