/**
 * The switch-customer list: search, then choose. Each customer is a button, so the list works
 * with Tab / Shift+Tab and Enter or Space; ↑/↓ also move between customers.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import type { CustomerRow } from '../../../../shared/schemas/customer';
import { ApiRequestError } from '../../../lib/api-client';
import { SearchIcon } from '../../../ui/icons';
import { useCustomers } from '../api/get-customers';
import classes from './customer-switcher.module.css';
import { ShowMoreButton } from '../../../ui/show-more-button';

export interface CustomerSwitcherProps {
  /** The customer in effect, marked as current. */
  currentCustomerId: number | null;
  onChoose: (customer: CustomerRow) => void;
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

export function CustomerSwitcher({ currentCustomerId, onChoose }: CustomerSwitcherProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useCustomers(debounced);
  const customers = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label="Search customers"
        description="By name or code"
        leftSection={<SearchIcon width={16} height={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />

      {query.isPending && query.fetchStatus !== 'paused' && (
        <Center py="lg" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text ml="sm">Loading customers…</Text>
        </Center>
      )}

      {query.isPending && query.fetchStatus === 'paused' && (
        <Alert color="gray" variant="light" role="status">
          The customer list needs a connection. It loads as soon as you are back online.
        </Alert>
      )}

      {query.isError && (
        <Alert color="red" variant="light" title="The customers could not be loaded">
          <Stack gap="xs" align="flex-start">
            <span>
              {query.error instanceof ApiRequestError
                ? query.error.message
                : 'Check your connection and try again.'}
            </span>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      {query.isSuccess && customers.length === 0 && (
        <Text role="status">
          {debounced.trim()
            ? `No customer matches “${debounced.trim()}”.`
            : 'No customers to show.'}
        </Text>
      )}

      {customers.length > 0 && (
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
      )}

      <ShowMoreButton query={query} label="Show more customers" />
    </Stack>
  );
}
