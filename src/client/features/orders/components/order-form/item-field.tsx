import { Autocomplete, Text } from '@mantine/core';
import type { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { matchOfferedItem } from '../../../../../shared/offered-items';
import type { CatalogItemRow } from '../../../../../shared/schemas/catalog';
import { useOfferedItems } from '../../api/get-offered-items';
import type { OrderFormValues } from './order-values';

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
  const found = items.data ?? [];
  // Each number suggested once, for the item it names, and only when that item can be ordered: a
  // shared item behind the customer's own of the same number is not, nor a withdrawn one.
  const byNumber = new Map<string, CatalogItemRow>();
  for (const { ItemNumber } of found) {
    const match = matchOfferedItem(found, ItemNumber);
    if (match.refusal === null) byNumber.set(match.item.ItemNumber, match.item);
  }
  // What the typed number names: its description, or why it cannot be ordered (withdrawn).
  const typed = matchOfferedItem(found, value);
  return (
    <Autocomplete
      label={`Item, line ${index + 1}`}
      description={
        typed.refusal === null
          ? typed.item.Description
          : typed.item
            ? typed.refusal
            : 'Type to search your catalog, or type an item number'
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
