/**
 * The order form's first step: the order's details and its lines, each item searched in the
 * customer's catalog as the buyer types, or added from a spreadsheet (quick order).
 * Validated with the shared schema on the way to the review; the server's field messages land
 * beside the fields.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatAddress } from '../../../../../shared/format';
import { MAX_ORDER_LINES } from '../../../../../shared/schemas/order';
import { focusFirstInvalidIn } from '../../../../lib/invalid-focus';
import { AnchorLink } from '../../../../ui/anchor-link';
import { DraftNotice } from '../../../../ui/draft-notice';
import { FutureDateInput } from '../../../../ui/future-date-input';
import { NumberField } from '../../../../ui/number-field';
import { ItemField } from './item-field';
import { QuickOrder } from './quick-order';
import { StartingLinesNotice } from './starting-lines';
import { emptyLine, type LineValues } from './order-values';
import type { PlaceOrder } from './use-place-order';
import { TitledSection } from '../../../../ui/titled-section';

export function EnterStep({
  order,
  listActions,
}: {
  order: PlaceOrder;
  listActions: (lines: readonly LineValues[]) => ReactNode;
}) {
  const { form } = order;
  const formRef = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const hasErrors = Object.keys(form.errors).length > 0;
  const back = order.wasReviewed;
  useEffect(() => {
    // Back from the review: to the field the plant refused, else to the button that led there.
    if (!back) return;
    if (hasErrors) focusFirstInvalidIn(formRef.current);
    else reviewButton.current?.focus();
    // Only when the step appears, not on every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form ref={formRef} onSubmit={order.toReview} noValidate aria-label="New order">
      <Stack gap="lg">
        <DraftNotice draft={order.draft} />
        <StartingLinesNotice starting={order.starting} />
        {listActions(form.values.Lines)}
        {order.failure && (
          <Alert color="red" variant="light" role="alert" title="The order was not placed">
            {order.failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="PO number" maxLength={50} {...form.getInputProps('PoNumber')} />
          <FutureDateInput
            label="Requested ship date (optional)"
            width="full"
            {...form.getInputProps('RequestedShipDate')}
          />
          <ShipToPicker order={order} />
          <Textarea
            label="Notes (optional)"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('Notes')}
          />
        </SimpleGrid>

        <TitledSection id="order-form-lines" title="Lines">
          <Stack gap="sm">
            {form.values.Lines.map((_, index) => (
              // Controlled inputs read their values by index, so index keys stay correct on removal.
              <Paper key={index} withBorder p="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <div style={{ flex: '1 1 240px' }}>
                    <ItemField
                      customerId={order.customerId}
                      index={index}
                      inputProps={form.getInputProps(`Lines.${index}.ItemNumber`)}
                    />
                  </div>
                  <NumberField
                    label={`Quantity, line ${index + 1}`}
                    min={1}
                    w={160}
                    {...form.getInputProps(`Lines.${index}.QtyOrdered`)}
                  />
                  {/* A line's own date comes from a quick order's sheet; emptied, it is the order's. */}
                  {form.values.Lines[index]?.RequestedShipDate ? (
                    <FutureDateInput
                      label={`Ship date, line ${index + 1}`}
                      {...form.getInputProps(`Lines.${index}.RequestedShipDate`)}
                    />
                  ) : null}
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
        </TitledSection>

        <TitledSection id="order-form-quick" title="Quick order from a spreadsheet">
          <QuickOrder order={order} />
        </TitledSection>

        <Group gap="sm">
          <Button type="submit" ref={reviewButton}>
            Review order
          </Button>
          {/* Cancel abandons the order: its draft goes too. */}
          <AnchorLink to="/app/order/all" onClick={() => void order.draft.clear()}>
            Cancel
          </AnchorLink>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The ship-to address, picked from the customer's book with its default preselected. Without a
 * book (none kept, or offline before it was ever loaded) the order goes to the default, which the
 * plant fills in when the order arrives.
 */
function ShipToPicker({ order }: { order: PlaceOrder }) {
  const { addresses, loading, failed } = order.shipTo;
  const error = order.form.errors.ShipToAddressId;
  if (addresses.length === 0) {
    return (
      <TextInput
        label="Ship to"
        readOnly
        value={loading ? 'Loading your addresses…' : 'Your default address'}
        description={
          failed ? 'Your addresses could not be loaded; the default is used.' : undefined
        }
        error={error}
      />
    );
  }
  const chosen = order.shipToAddress;
  // The field shows the address's name (a full address would be cut short on a phone); the
  // whole address, and its delivery notes, are spelled out under it and in the options.
  const where = chosen ? formatAddress({ ...chosen, Name: '' }) : undefined;
  return (
    <Select
      label="Ship to"
      description={chosen?.DeliveryNotes ? `${where}. ${chosen.DeliveryNotes}` : where}
      data={addresses.map((a) => ({
        value: String(a.Id),
        label: a.IsDefault ? `${a.Name} (default)` : a.Name,
      }))}
      renderOption={({ option }) => {
        const address = addresses.find((a) => String(a.Id) === option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {address && (
              <Text size="xs" c="dimmed">
                {formatAddress({ ...address, Name: '' })}
              </Text>
            )}
          </div>
        );
      }}
      value={chosen ? String(chosen.Id) : null}
      onChange={(value) => {
        order.form.setFieldValue('ShipToAddressId', value === null ? null : Number(value));
        order.form.clearFieldError('ShipToAddressId');
      }}
      allowDeselect={false}
      error={error}
    />
  );
}
