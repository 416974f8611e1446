import { Autocomplete, Text } from '@mantine/core';
import type { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { CatalogItemRow } from '../../../../../shared/schemas/catalog';
import { useOfferedItems } from '../../api/get-offered-items';
import { bestMatch, type OrderFormValues } from './order-values';

/** One line's item: suggestions from the catalog as the buyer types, any number accepted. */
export function ItemField({
  customerId,
  index,
  inputProps,
}: {
  customerId: number | null;
  index: number;
  inputProps: ReturnType<ReturnType<typeof useForm<OrderFormValues>>['getInputProps']>;
}) {
  const value = String(inputProps.value ?? '');
  const [search] = useDebouncedValue(value, 250);
  const items = useOfferedItems(customerId, search);
  const byNumber = new Map<string, CatalogItemRow>();
  for (const item of items.data ?? []) {
    if (!item.Active) continue;
    const known = byNumber.get(item.ItemNumber);
    if (!known || (known.CustomerId === null && item.CustomerId !== null))
      byNumber.set(item.ItemNumber, item);
  }
  const picked = bestMatch(items.data ?? [], value);
  return (
    <Autocomplete
      label={`Item, line ${index + 1}`}
      description={
        picked ? picked.Description : 'Type to search your catalog, or type an item number'
      }
      data={[...byNumber.keys()]}
      // The server already searched number and description; show what it found as it is.
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <div>
          <Text size="sm" fw={600}>
            {option.value}
          </Text>
          <Text size="xs" c="dimmed">
            {byNumber.get(option.value)?.Description}
          </Text>
        </div>
      )}
      maxLength={50}
      autoComplete="off"
      {...inputProps}
    />
  );
}
