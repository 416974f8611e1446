/**
 * Creating or editing a catalog item: number, description, the customer it is made for (or all),
 * dimensions as whole inches plus a sixteenth fraction, unit and price. Validated with the shared
 * schema; the API's field messages land beside the same fields. Whether the item is offered is
 * changed in its own section.
 */
import { Group, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { FREIGHT_CLASSES, type FreightClass } from '../../../../shared/freight';
import { schemaResolver } from '@mantine/form';
import {
  catalogItemCreateSchema,
  type CatalogAdminItemRow,
} from '../../../../shared/schemas/catalog';
import { useRecordForm } from '../../../lib/use-record-form';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { DimensionInput } from '../../../ui/dimension-input';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { NumberField } from '../../../ui/number-field';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { UpperCaseInput } from '../../../ui/upper-case-input';

/** A catalog item as the form saves it. */
export interface CatalogItemValues {
  ItemNumber: string;
  Description: string;
  CustomerId: number | null;
  /** Sixteenths of an inch; NaN until entered. */
  Length: number;
  Width: number;
  Height: number;
  UnitOfMeasure: string;
  UnitPrice: number | null;
  WeightLbPerUnit: number | null;
  UnitsPerPiece: number | null;
  FreightClass: FreightClass | '';
  Nmfc: string;
}

type Figure = 'UnitPrice' | 'WeightLbPerUnit' | 'UnitsPerPiece';

/** The values as typed: a figure may be text the schema refuses (`1.`). */
type CatalogItemFormValues = Omit<CatalogItemValues, Figure> &
  Record<Figure, number | string | null>;

const figure = (value: number | string | null) => (typeof value === 'number' ? value : null);

export const catalogFormValuesOf = (item: CatalogAdminItemRow | undefined): CatalogItemValues => ({
  ItemNumber: item?.ItemNumber ?? '',
  Description: item?.Description ?? '',
  CustomerId: item?.CustomerId ?? null,
  Length: item?.Length ?? Number.NaN,
  Width: item?.Width ?? Number.NaN,
  Height: item?.Height ?? Number.NaN,
  UnitOfMeasure: item?.UnitOfMeasure ?? 'EA',
  UnitPrice: item?.UnitPrice ?? null,
  WeightLbPerUnit: item?.WeightLbPerUnit ?? null,
  UnitsPerPiece: item?.UnitsPerPiece ?? null,
  FreightClass: (item?.FreightClass ?? '') as FreightClass | '',
  Nmfc: item?.Nmfc ?? '',
});

export interface CatalogItemFormProps {
  item?: CatalogAdminItemRow | undefined;
  submitLabel: string;
  onSave: (values: CatalogItemValues) => Promise<unknown>;
  onReload?: () => Promise<CatalogAdminItemRow | undefined>;
  /** The customer field; `none` is an item offered to all customers. */
  customerField: CustomerSlot<number | 'none' | null>;
}

export function CatalogItemForm({
  item,
  submitLabel,
  onSave,
  onReload,
  customerField,
}: CatalogItemFormProps) {
  const { form, submit, stale } = useRecordForm<CatalogItemFormValues, CatalogAdminItemRow>({
    record: item,
    valuesOf: catalogFormValuesOf,
    validate: schemaResolver(catalogItemCreateSchema, { sync: true }),
    what: 'catalog item',
    // Saved only once valid, when every typed figure is a number.
    onSave: (values) =>
      onSave({
        ...values,
        UnitPrice: figure(values.UnitPrice),
        WeightLbPerUnit: figure(values.WeightLbPerUnit),
        UnitsPerPiece: figure(values.UnitsPerPiece),
      }),
    onReload,
  });

  const dimension = (field: 'Length' | 'Width' | 'Height', label: string) => (
    <DimensionInput
      label={label}
      value={form.values[field]}
      onChange={(value) => form.setFieldValue(field, value)}
      error={form.errors[field]}
    />
  );

  const optionalFigure = (field: 'WeightLbPerUnit' | 'UnitsPerPiece', label: string) => (
    <NumberField
      label={label}
      min={0}
      value={form.values[field] ?? ''}
      onChange={(value) => form.setFieldValue(field, value === '' ? null : value)}
      error={form.errors[field]}
    />
  );

  return (
    <FormFrame label={submitLabel} onSubmit={submit} maw={720}>
      {stale && <StaleRecordAlert {...stale} />}
      <TextInput label="Item number" autoComplete="off" {...form.getInputProps('ItemNumber')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('Description')}
      />
      {customerField({
        value: form.values.CustomerId ?? 'none',
        onChange: (value) =>
          form.setFieldValue('CustomerId', typeof value === 'number' ? value : null),
        error: typeof form.errors.CustomerId === 'string' ? form.errors.CustomerId : undefined,
      })}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {dimension('Length', 'Length')}
        {dimension('Width', 'Width')}
        {dimension('Height', 'Height')}
      </SimpleGrid>
      <Group grow align="flex-start">
        <UpperCaseInput
          label="Unit of measure"
          description="EA, CS, BDL…"
          {...form.getInputProps('UnitOfMeasure')}
        />
        <NumberField
          label="Unit price (optional)"
          min={0}
          value={form.values.UnitPrice ?? ''}
          // An empty field is no price; anything else is kept as typed for the schema to judge.
          onChange={(value) => form.setFieldValue('UnitPrice', value === '' ? null : value)}
          error={form.errors.UnitPrice}
        />
      </Group>
      <Text fw={600} size="sm">
        Shipping (optional): the defaults of a shipment&rsquo;s pieces, weight and class
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {optionalFigure('WeightLbPerUnit', 'Weight of one unit (lb)')}
        {optionalFigure('UnitsPerPiece', 'Units per piece (carton, pallet)')}
        <Select
          label="Freight class"
          data={[{ value: '', label: 'Not known' }, ...FREIGHT_CLASSES]}
          allowDeselect={false}
          {...form.getInputProps('FreightClass')}
        />
        <TextInput
          label="NMFC number"
          description="e.g. 156600 or 156600-03"
          autoComplete="off"
          {...form.getInputProps('Nmfc')}
        />
      </SimpleGrid>
      <SubmitRow loading={form.submitting} align="start">
        {submitLabel}
      </SubmitRow>
    </FormFrame>
  );
}
