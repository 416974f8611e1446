/**
 * `/app/order/new`: place an order in three steps — enter (pick items from the customer's catalog
 * or type/paste item numbers), review (with descriptions and prices from the catalog), done (a
 * link to the new order). Validated with the shared schema; the server's field messages land
 * beside the fields and nothing typed is lost. One Idempotency-Key per order, so a retried
 * submit never places a second one.
 */
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { CatalogItemRow } from '../../../../shared/schemas/catalog';
import {
  localToday,
  MAX_ORDER_LINES,
  orderCreateSchema,
  type OrderDetail,
} from '../../../../shared/schemas/order';
import { useFormDraft } from '../../../lib/use-form-draft';
import type { Submitted } from '../../../lib/use-outbox-submit';
import { DraftNotice } from '../../../ui/draft-notice';
import { useSubmitOrder } from '../api/create-order';
import { getOfferedItemsQueryOptions, useOfferedItems } from '../api/get-offered-items';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { formatDate, formatMoney, formatQty } from '../format';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import classes from '../orders.module.css';
import { parseQuickEntry } from '../quick-entry';
import { useOrdering } from '../use-ordering';
import { AnchorLink, ButtonLink } from '../../../ui/anchor-link';

interface LineValues {
  ItemNumber: string;
  QtyOrdered: number | '';
}

export interface OrderFormValues {
  PoNumber: string;
  RequestedShipDate: string;
  ShipTo: string;
  Notes: string;
  Lines: LineValues[];
}

const emptyLine = (): LineValues => ({ ItemNumber: '', QtyOrdered: '' });
const initialValues = (): OrderFormValues => ({
  PoNumber: '',
  RequestedShipDate: '',
  ShipTo: '',
  Notes: '',
  Lines: [emptyLine()],
});

/** The customer's own item wins over the one of the same number offered to all (as on the server). */
function bestMatch(items: readonly CatalogItemRow[], itemNumber: string): CatalogItemRow | null {
  const wanted = itemNumber.trim().toUpperCase();
  const matches = items.filter((i) => i.Active && i.ItemNumber.toUpperCase() === wanted);
  return matches.find((i) => i.CustomerId !== null) ?? matches[0] ?? null;
}

/** One line's item: suggestions from the catalog as the buyer types, any number accepted. */
function ItemField({
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

export function OrderForm() {
  const { uid, customerId, customerName } = useOrdering();
  const [step, setStep] = useState<'edit' | 'review' | 'done'>('edit');
  const [placed, setPlaced] = useState<Submitted<OrderDetail> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [quick, setQuick] = useState('');
  const [quickProblems, setQuickProblems] = useState<string[]>([]);
  const create = useSubmitOrder();
  const keys = useIdempotencyKeys();
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: initialValues(),
    validate: schemaResolver(orderCreateSchema, { sync: true }),
  });
  // Kept on the device as it is typed, one draft per customer (staff order for several).
  const draftName = `order-new:${customerId ?? 'none'}`;
  const draft = useFormDraft(form, uid, draftName, () => {
    // A refused order taken up again from the outbox: back to editing, whatever was showing.
    setPlaced(null);
    setStep('edit');
  });

  // For the review: each line's item as the catalog knows it (cached from typing, mostly).
  const lookups = useQueries({
    queries: form.values.Lines.map((line) => ({
      ...getOfferedItemsQueryOptions(customerId, line.ItemNumber.trim()),
      enabled: step === 'review' && line.ItemNumber.trim() !== '',
    })),
  });
  const reviewed = form.values.Lines.map((line, index) => ({
    line,
    item: bestMatch(lookups[index]?.data ?? [], line.ItemNumber),
    loading: lookups[index]?.isPending ?? false,
    // Offline, a line not looked up before waits: the plant checks it when the order arrives.
    unchecked: lookups[index]?.fetchStatus === 'paused',
  }));
  const unknown = reviewed.filter((r) => !r.loading && r.item === null);
  const unchecked = reviewed.some((r) => r.unchecked);

  const addQuickLines = () => {
    const entry = parseQuickEntry(quick);
    setQuickProblems(entry.problems);
    if (entry.lines.length === 0) return;
    const kept = form.values.Lines.filter((l) => l.ItemNumber.trim() !== '' || l.QtyOrdered !== '');
    const merged = [...kept];
    for (const line of entry.lines) {
      const same = merged.find((l) => l.ItemNumber.trim().toUpperCase() === line.ItemNumber);
      if (same) same.QtyOrdered = (same.QtyOrdered === '' ? 0 : same.QtyOrdered) + line.QtyOrdered;
      else merged.push(line);
    }
    form.setFieldValue('Lines', merged.slice(0, MAX_ORDER_LINES));
    if (entry.problems.length === 0) setQuick('');
  };

  const toReview = form.onSubmit(() => {
    setFailure(null);
    setStep('review');
  });

  const place = () => {
    setFailure(null);
    const parsed = orderCreateSchema.safeParse(form.getValues());
    if (!parsed.success) {
      // A date that was valid yesterday may not be today: back to the form, which says why.
      setStep('edit');
      form.validate();
      return;
    }
    const input = parsed.data;
    if (uid === null) return;
    const values = form.getValues();
    create
      .place({
        uid,
        customerId,
        input,
        idempotencyKey: keys.keyFor(input),
        edit: { form: draftName, values, path: '/app/order/new' },
      })
      .then(
        async (outcome) => {
          keys.reset();
          setPlaced(outcome);
          setStep('done');
          await draft.submitted();
          notifications.show(
            outcome.queued
              ? {
                  color: 'gray',
                  title: 'Order queued',
                  message: `The order for PO ${input.PoNumber} waits in the outbox and is sent when you are back online.`,
                }
              : {
                  color: 'teal',
                  title: 'Order placed',
                  message: `Order ${outcome.answer.OrderNumber} (PO ${outcome.answer.PoNumber}) was submitted.`,
                },
          );
        },
        (error: unknown) => {
          // Back to the form, with the server's messages beside the fields they concern.
          form.setErrors(fieldErrors(error));
          setFailure(errorMessage(error));
          setStep('edit');
        },
      );
  };

  if (step === 'done' && placed) {
    const another = (
      <Button
        variant="default"
        onClick={() => {
          setPlaced(null);
          setStep('edit');
        }}
      >
        Place another order
      </Button>
    );
    if (placed.queued) {
      return (
        <Paper withBorder p="lg" role="status">
          <Stack gap="md" align="flex-start">
            <Title order={2}>Order queued</Title>
            <Text>
              “{placed.label}” waits in the outbox on this device and is sent automatically once you
              have a connection. It appears in your orders when it reached the plant.
            </Text>
            <Group gap="sm">{another}</Group>
          </Stack>
        </Paper>
      );
    }
    const order = placed.answer;
    return (
      <Paper withBorder p="lg">
        <Stack gap="md" align="flex-start">
          <Title order={2}>Order {order.OrderNumber} placed</Title>
          <Text>
            Your order for PO {order.PoNumber} with {order.LineCount} line
            {order.LineCount === 1 ? '' : 's'} ({formatQty(order.QtyOrdered)} units) was submitted.
            The plant confirms it next; you can follow it on the order page.
          </Text>
          <Group gap="sm">
            <ButtonLink to="/app/order/$id" params={{ id: String(order.Id) }}>
              View order {order.OrderNumber}
            </ButtonLink>
            {another}
          </Group>
        </Stack>
      </Paper>
    );
  }

  if (step === 'review') {
    const values = form.values;
    const total = reviewed.reduce(
      (sum, r) =>
        sum + (r.item?.UnitPrice ?? 0) * (r.line.QtyOrdered === '' ? 0 : r.line.QtyOrdered),
      0,
    );
    return (
      <Stack gap="md">
        <Title order={2}>Review your order</Title>
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <Text>
              <Text span c="dimmed">
                Customer:{' '}
              </Text>
              {customerName}
            </Text>
            <Text>
              <Text span c="dimmed">
                PO number:{' '}
              </Text>
              {values.PoNumber}
            </Text>
            <Text>
              <Text span c="dimmed">
                Requested ship date:{' '}
              </Text>
              {values.RequestedShipDate
                ? formatDate(values.RequestedShipDate)
                : 'As soon as possible'}
            </Text>
            <Text>
              <Text span c="dimmed">
                Ship to:{' '}
              </Text>
              {values.ShipTo || 'The usual address'}
            </Text>
          </SimpleGrid>
          {values.Notes && (
            <Text mt="xs">
              <Text span c="dimmed">
                Notes:{' '}
              </Text>
              {values.Notes}
            </Text>
          )}
        </Paper>
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" aria-label="Lines to order">
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.stickyCol}>Item</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th className={classes.numeric}>Qty</Table.Th>
                <Table.Th className={classes.numeric}>Unit price</Table.Th>
                <Table.Th className={classes.numeric}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reviewed.map(({ line, item, loading, unchecked: waiting }, index) => {
                const qty = line.QtyOrdered === '' ? 0 : line.QtyOrdered;
                return (
                  <Table.Tr key={index}>
                    <Table.Td className={classes.stickyCol} fw={600}>
                      {item?.ItemNumber ?? line.ItemNumber.toUpperCase()}
                    </Table.Td>
                    <Table.Td>
                      {waiting ? (
                        <Text span c="dimmed" size="sm">
                          Checked when you are back online
                        </Text>
                      ) : loading ? (
                        'Looking it up…'
                      ) : item ? (
                        item.Description
                      ) : (
                        <Text span c="red" size="sm">
                          Not in your catalog: go back and correct it.
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>{formatQty(qty)}</Table.Td>
                    <Table.Td className={classes.numeric}>
                      {formatMoney(item?.UnitPrice ?? null)}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      {item?.UnitPrice != null ? formatMoney(item.UnitPrice * qty) : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th className={classes.stickyCol}>Total</Table.Th>
                <Table.Td />
                <Table.Td className={classes.numeric}>
                  {formatQty(
                    reviewed.reduce(
                      (s, r) => s + (r.line.QtyOrdered === '' ? 0 : r.line.QtyOrdered),
                      0,
                    ),
                  )}
                </Table.Td>
                <Table.Td />
                <Table.Td className={classes.numeric}>{formatMoney(total)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          Prices are the catalog's current ones; the plant confirms the order and its prices.
        </Text>
        {unchecked && (
          <Alert color="gray" variant="light" title="You are offline">
            Items not looked up before cannot be checked now. Place the order anyway: it waits in
            the outbox and is sent, and checked by the portal, when you are back online.
          </Alert>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => setStep('edit')}>
            Back to edit
          </Button>
          <Button onClick={place} loading={create.isPending} disabled={unknown.length > 0}>
            Place order
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={toReview} noValidate aria-label="New order">
      <Stack gap="lg">
        <DraftNotice draft={draft} />
        {failure && (
          <Alert color="red" variant="light" role="alert" title="The order was not placed">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="PO number" maxLength={50} {...form.getInputProps('PoNumber')} />
          <TextInput
            type="date"
            label="Requested ship date (optional)"
            min={localToday()}
            {...form.getInputProps('RequestedShipDate')}
          />
          <Textarea
            label="Ship to (optional)"
            description="Leave empty for your usual address"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('ShipTo')}
          />
          <Textarea
            label="Notes (optional)"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('Notes')}
          />
        </SimpleGrid>

        <section aria-labelledby="order-form-lines">
          <Title order={2} size="h3" id="order-form-lines" mb="xs">
            Lines
          </Title>
          <Stack gap="sm">
            {form.values.Lines.map((_, index) => (
              // Controlled inputs read their values by index, so index keys stay correct on removal.
              <Paper key={index} withBorder p="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <div style={{ flex: '1 1 240px' }}>
                    <ItemField
                      customerId={customerId}
                      index={index}
                      inputProps={form.getInputProps(`Lines.${index}.ItemNumber`)}
                    />
                  </div>
                  <NumberInput
                    label={`Quantity, line ${index + 1}`}
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=","
                    w={160}
                    {...form.getInputProps(`Lines.${index}.QtyOrdered`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={28}
                    aria-label={`Remove line ${index + 1}`}
                    disabled={form.values.Lines.length === 1}
                    onClick={() => form.removeListItem('Lines', index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
            {typeof form.errors.Lines === 'string' && (
              <Text c="red" size="sm" role="alert">
                {form.errors.Lines}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                onClick={() => form.insertListItem('Lines', emptyLine())}
                disabled={form.values.Lines.length >= MAX_ORDER_LINES}
              >
                Add line
              </Button>
            </Group>
          </Stack>
        </section>

        <section aria-labelledby="order-form-quick">
          <Title order={2} size="h3" id="order-form-quick" mb="xs">
            Quick entry
          </Title>
          <Stack gap="xs">
            <Textarea
              label="Paste item numbers and quantities (optional)"
              description="One item per line, e.g. ACM-1001 120"
              autosize
              minRows={3}
              value={quick}
              onChange={(event) => setQuick(event.currentTarget.value)}
              error={quickProblems.length > 0 ? quickProblems.join(' ') : undefined}
            />
            <Group>
              <Button variant="default" onClick={addQuickLines} disabled={quick.trim() === ''}>
                Add to lines
              </Button>
            </Group>
          </Stack>
        </section>

        <Group gap="sm">
          <Button type="submit">Review order</Button>
          {/* Cancel abandons the order: its draft goes too. */}
          <AnchorLink to="/app/order/all" onClick={() => void draft.clear()}>
            Cancel
          </AnchorLink>
        </Group>
      </Stack>
    </form>
  );
}
