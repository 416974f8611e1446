/**
 * Staff record a shipment: which scheduled releases leave (each in full), the ship date, carrier,
 * tracking and bill-of-lading numbers, and what the bill of lading declares of the load: pieces
 * and their package type, weight, freight class and NMFC number (proposed from the catalog items
 * of the releases chosen, until staff change them), SCAC (proposed from the carrier), trailer and
 * seal. Validated with the shared schema, again by the server.
 */
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { localToday } from '../../../../shared/calendar-date';
import { KNOWN_CARRIERS } from '../../../../shared/carriers';
import {
  FREIGHT_CLASSES,
  loadDefaults,
  PACKAGE_TYPE_CODES,
  PACKAGE_TYPES,
  scacOf,
  type LoadDefaults,
  type ShippingFacts,
} from '../../../../shared/freight';
import {
  shipmentCreateSchema,
  type OrderDetail,
  type ReleaseRow,
  type ShipmentCreateInput,
} from '../../../../shared/schemas/order';
import { useCreateShipment } from '../api/create-shipment';
import { useShippingFacts } from '../api/get-shipping-facts';
import { useOrdering } from '../../../auth/use-ordering';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import {
  formatDate,
  formatQty,
  formatReleaseNumber,
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
  PackageType: ShipmentCreateInput['PackageType'];
  FreightClass: ShipmentCreateInput['FreightClass'];
  Nmfc: string;
  Scac: string;
  TrailerNumber: string;
  SealNumber: string;
  ReleaseIds: number[];
}

/** The load of the chosen releases as the catalog knows it. */
function proposedLoad(
  order: OrderDetail,
  scheduled: readonly ReleaseRow[],
  releaseIds: readonly number[],
  facts: ReadonlyMap<number, ShippingFacts>,
): LoadDefaults {
  return loadDefaults(
    scheduled
      .filter((r) => releaseIds.includes(r.Id))
      .map((r) => {
        const line = order.Lines.find((l) => l.Id === r.OrderLineId);
        return { qty: r.Qty, facts: (line && facts.get(line.CatalogItemId)) ?? null };
      }),
  );
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
      PackageType: '',
      FreightClass: '',
      Nmfc: '',
      Scac: '',
      TrailerNumber: '',
      SealNumber: '',
      ReleaseIds: scheduled.map((r) => r.Id),
    },
    validate: (values) => validateShipment(inputOf(values)),
  });
  useUnsavedChanges(form.isDirty());

  const { customerId } = useOrdering();
  const facts = useShippingFacts(customerId).data;
  const releaseKey = form.values.ReleaseIds.join(',');
  // What was last proposed: a field still holding it is staff's to keep or the next proposal's to
  // replace; a field staff typed in is theirs.
  const proposal = useRef<Partial<ShipmentValues>>({});
  const propose = (next: Partial<ShipmentValues>) => {
    const current = form.getValues();
    const free = Object.fromEntries(
      (Object.keys(next) as Array<keyof ShipmentValues>)
        .filter((field) => current[field] === '' || current[field] === proposal.current[field])
        .map((field) => [field, next[field]]),
    );
    proposal.current = { ...proposal.current, ...next };
    return free;
  };
  // Proposes the load's figures from the catalog whenever the releases change; the first proposal
  // counts as the form's starting point, not as a change.
  useEffect(() => {
    if (!facts) return;
    const load = proposedLoad(order, scheduled, form.getValues().ReleaseIds, facts);
    const free = propose({
      Pieces: load.Pieces ?? '',
      WeightLb: load.WeightLb ?? '',
      FreightClass: load.FreightClass as ShipmentValues['FreightClass'],
      Nmfc: load.Nmfc,
    });
    if (!form.isDirty()) form.setInitialValues({ ...form.getValues(), ...free });
    form.setValues(free);
    // `form` is stable; the proposal follows the facts and the chosen releases only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facts, releaseKey]);
  const carrier = form.values.Carrier;
  useEffect(() => {
    form.setValues(propose({ Scac: scacOf(carrier) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carrier]);

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
                  label={`${formatReleaseNumber(release.OrderNumber, release.Sequence)}: ${formatQty(release.Qty)} × ${release.ItemNumber} (line ${release.LineNumber}), requested ${formatDate(release.RequestedShipDate)}`}
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
            <TextInput
              label="SCAC (optional)"
              description="The carrier's code on the bill of lading, e.g. UPSN"
              maxLength={4}
              autoCapitalize="characters"
              {...form.getInputProps('Scac')}
            />
            <NumberField
              label="Pieces (optional)"
              description="Handling units; proposed from the catalog"
              min={1}
              {...form.getInputProps('Pieces')}
            />
            <Select
              label="Package type (optional)"
              data={[
                { value: '', label: 'Not given' },
                ...PACKAGE_TYPE_CODES.map((code) => ({
                  value: code,
                  label: `${PACKAGE_TYPES[code]} (${code})`,
                })),
              ]}
              allowDeselect={false}
              {...form.getInputProps('PackageType')}
            />
            <NumberField
              label="Weight in pounds (optional)"
              description="Gross; proposed from the catalog"
              min={0}
              {...form.getInputProps('WeightLb')}
            />
            <Select
              label="Freight class (optional)"
              description="NMFC class; proposed from the catalog"
              data={[{ value: '', label: 'Not given' }, ...FREIGHT_CLASSES]}
              allowDeselect={false}
              {...form.getInputProps('FreightClass')}
            />
            <TextInput
              label="NMFC number (optional)"
              description="e.g. 156600 or 156600-03"
              maxLength={9}
              {...form.getInputProps('Nmfc')}
            />
            <TextInput
              label="Trailer number (optional)"
              maxLength={30}
              {...form.getInputProps('TrailerNumber')}
            />
            <TextInput
              label="Seal number (optional)"
              maxLength={30}
              {...form.getInputProps('SealNumber')}
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
