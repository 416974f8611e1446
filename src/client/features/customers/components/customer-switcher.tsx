/**
 * The switch-customer list: search, then choose. Each customer is a button, so the list works
 * with Tab / Shift+Tab and Enter or Space; ↑/↓ also move between customers.
 */
import { Badge, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import type { CustomerRow } from '../../../../shared/schemas/customer';
import { SearchIcon } from '../../../ui/icons';
import { useCustomers } from '../api/get-customers';
import classes from './customer-switcher.module.css';
import { ListFeedback } from '../../../ui/list-feedback';

export interface CustomerSwitcherProps {
  /** The customer in effect, marked as current. */
  currentCustomerId: number | null;
  onChoose: (customer: CustomerRow) => void;
  /** Whether to offer the search box: not to a buyer, whose list is their one customer. */
  searchable?: boolean;
}

/** ↑/↓ move focus between the customer buttons of the list. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const list = event.currentTarget.closest('ul');
  if (list === null) return;
  const buttons = Array.from(list.querySelectorAll<HTMLButtonElement>('button'));
  const index = buttons.indexOf(event.currentTarget);
  if (index < 0) return;
  event.preventDefault();
  const next =
    event.key === 'ArrowDown' ? Math.min(index + 1, buttons.length - 1) : Math.max(index - 1, 0);
  buttons[next]?.focus();
}

export function CustomerSwitcher({
  currentCustomerId,
  onChoose,
  searchable = true,
}: CustomerSwitcherProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useCustomers(debounced);
  const customers = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="md">
      {searchable && (
        <TextInput
          label="Search customers"
          description="By name or code"
          leftSection={<SearchIcon width={16} height={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
      )}

      <ListFeedback
        query={query}
        count={customers.length}
        noun="customers"
        empty={
          debounced.trim() ? `No customer matches “${debounced.trim()}”.` : 'No customers to show.'
        }
      >
        <ul className={classes.list} aria-label="Customers">
          {customers.map((customer) => {
            const current = customer.Id === currentCustomerId;
            return (
              <li key={customer.Id}>
                <UnstyledButton
                  className={classes.item}
                  onClick={() => onChoose(customer)}
                  onKeyDown={moveFocus}
                  aria-current={current ? 'true' : undefined}
                  data-current={current || undefined}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Text fw={600}>{customer.CustomerName}</Text>
                      <Text size="sm" c="dimmed">
                        {customer.CustomerCode}
                      </Text>
                    </div>
                    {current && (
                      <Badge variant="light" aria-hidden="true">
                        Current
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      </ListFeedback>
    </Stack>
  );
}
