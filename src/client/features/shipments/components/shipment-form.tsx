/**
 * Staff record a shipment: which scheduled releases leave (each in full), the ship date, carrier,
 * tracking and bill-of-lading numbers, and optionally the pieces and the weight. Validated with
 * the shared schema, again by the server.
 */
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { localToday } from '../../../../shared/calendar-date';
import { KNOWN_CARRIERS } from '../../../../shared/carriers';
import {
  shipmentCreateSchema,
  type OrderDetail,
  type ReleaseRow,
  type ShipmentCreateInput,
} from '../../../../shared/schemas/order';
import { useCreateShipment } from '../api/create-shipment';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import {
  formatDate,
  formatQty,
  formatShipmentNumber,
  formatUnits,
} from '../../../../shared/format';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/invalid-focus';
import { NumberField } from '../../../ui/number-field';

interface ShipmentValues {
  ShipDate: string;
  Carrier: string;
  TrackingNumber: string;
  BolNumber: string;
  /** As typed: empty for none. */
  Pieces: number | string;
  WeightLb: number | string;
  ReleaseIds: number[];
}

/** An empty number field is no figure; anything else goes to the schema, which judges it. */
const figure = (value: number | string): number | null => (value === '' ? null : Number(value));

const inputOf = (values: ShipmentValues): ShipmentCreateInput => ({
  ...values,
  Pieces: figure(values.Pieces),
  WeightLb: figure(values.WeightLb),
});

const validateShipment = schemaResolver(shipmentCreateSchema, { sync: true });

export function ShipmentForm({
  order,
  scheduled,
}: {
  order: OrderDetail;
  scheduled: readonly ReleaseRow[];
}) {
  const create = useCreateShipment();
  const keys = useIdempotencyKeys();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShipmentValues>({
    mode: 'controlled',
    initialValues: {
      ShipDate: localToday(),
      Carrier: '',
      TrackingNumber: '',
      BolNumber: '',
      Pieces: '',
      WeightLb: '',
      ReleaseIds: scheduled.map((r) => r.Id),
    },
    validate: (values) => validateShipment(inputOf(values)),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const input = inputOf(values);
    create.mutate(
      { orderId: order.Id, input, idempotencyKey: keys.keyFor(input) },
      {
        onSuccess: (shipment) => {
          keys.reset();
          form.reset();
          notifications.show({
            color: 'teal',
            title: `Shipment ${formatShipmentNumber(shipment.OrderNumber, shipment.Sequence)} recorded`,
            message: `${formatUnits(shipment.Lines.reduce((s, l) => s + l.Qty, 0))} by ${shipment.Carrier}.`,
          });
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          setFailure(errorMessage(error));
        },
      },
    );
  }, focusFirstInvalid);

  if (scheduled.length === 0) {
    return (
      <Text role="status">
        No release of this order is scheduled. Schedule a release on the release page first.
      </Text>
    );
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Record a shipment">
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert" title="The shipment was not recorded">
              {failure}
            </Alert>
          )}
          <Checkbox.Group
            label="Releases shipping"
            description="Each ships in full"
            {...form.getInputProps('ReleaseIds')}
            value={form.values.ReleaseIds.map(String)}
            onChange={(ids) => form.setFieldValue('ReleaseIds', ids.map(Number))}
          >
            <Stack gap="xs" mt="xs">
              {scheduled.map((release) => (
                <Checkbox
                  key={release.Id}
                  value={String(release.Id)}
                  label={`#${release.Id}: ${formatQty(release.Qty)} × ${release.ItemNumber} (line ${release.LineNumber}), requested ${formatDate(release.RequestedShipDate)}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="date" label="Ship date" {...form.getInputProps('ShipDate')} />
            <Autocomplete
              label="Carrier"
              description="Tracking links work for UPS, FedEx, USPS and DHL"
              data={[...KNOWN_CARRIERS]}
              maxLength={50}
              {...form.getInputProps('Carrier')}
            />
            <TextInput
              label="Tracking number (optional)"
              maxLength={100}
              {...form.getInputProps('TrackingNumber')}
            />
            <TextInput
              label="BOL number (optional)"
              description="Bill of lading"
              maxLength={50}
              {...form.getInputProps('BolNumber')}
            />
            <NumberField
              label="Pieces (optional)"
              description="Cartons, pallets or bundles"
              min={1}
              {...form.getInputProps('Pieces')}
            />
            <NumberField
              label="Weight in pounds (optional)"
              min={0}
              {...form.getInputProps('WeightLb')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Record shipment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
