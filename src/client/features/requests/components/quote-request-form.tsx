/**
 * The quote request form: items with fractional-inch dimensions (whole inches plus one of the
 * sixteen fractions), one to four quantity breaks each, a needed-by date and notes. Validated by
 * the same schema as the API; the server's field errors land beside the same fields, and nothing
 * typed is lost when sending fails.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  FRACTION_LABELS,
  REQUEST_LIMITS,
  createQuoteRequestSchema,
  type FractionLabel,
} from '../../../../shared/schemas/requests';
import { customerInEffect } from '../../../../shared/access';
import { useAuth } from '../../../auth/auth-context';
import { useOutboxForm } from '../../../lib/use-outbox-form';
import { DraftNotice } from '../../../ui/draft-notice';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { FutureDateInput } from '../../../ui/future-date-input';
import { NumberField } from '../../../ui/number-field';
import { createQuoteOrContact } from '../api/create-request';
import { ActionError } from './action-error';

interface DimensionValues {
  Whole: number | string;
  Fraction: FractionLabel;
}

interface LineValues {
  Description: string;
  Material: string;
  Length: DimensionValues;
  Width: DimensionValues;
  Height: DimensionValues;
  Quantities: Array<number | string>;
}

export interface QuoteFormValues {
  Type: 'quote';
  Subject: string;
  Payload: { Lines: LineValues[]; NeededBy: string; Notes: string };
}

const emptyDimension = (): DimensionValues => ({ Whole: '', Fraction: '0' });
const emptyLine = (): LineValues => ({
  Description: '',
  Material: '',
  Length: emptyDimension(),
  Width: emptyDimension(),
  Height: emptyDimension(),
  Quantities: [''],
});
const emptyForm = (): QuoteFormValues => ({
  Type: 'quote',
  Subject: '',
  Payload: { Lines: [emptyLine()], NeededBy: '', Notes: '' },
});

const FRACTION_OPTIONS = FRACTION_LABELS.map((label) => ({
  value: label,
  label: label === '0' ? '0 (none)' : `${label}″`,
}));
const DIMENSIONS = ['Length', 'Width', 'Height'] as const;

export function QuoteRequestForm({ customerName }: { customerName: string | null }) {
  const auth = useAuth();
  const customerId = customerInEffect(auth)?.CustomerId ?? null;
  const form = useForm<QuoteFormValues>({
    mode: 'controlled',
    initialValues: emptyForm(),
    validate: schemaResolver(createQuoteRequestSchema, { sync: true }),
  });
  const outbox = useOutboxForm({
    form,
    uid: auth.user?.Uid ?? null,
    // One draft per customer: staff may prepare requests for several.
    draftName: `quote-request:${customerId ?? 'none'}`,
    page: '/app/quote-request',
    create: (values) => createQuoteOrContact(createQuoteRequestSchema.parse(values), customerId),
    notice: {
      queued: (body) => ({
        title: 'Quote request queued',
        message: `“${body.Subject}” waits in the outbox and is sent when you are back online.`,
      }),
      sent: (answer) => ({
        title: 'Quote request sent',
        message: `“${answer.Subject}” reached our team. You will see our prices below.`,
      }),
    },
  });
  const lines = form.values.Payload.Lines;

  return (
    <FormFrame label="Quote request" onSubmit={outbox.submit}>
      {customerName && (
        <Text size="sm">
          For <strong>{customerName}</strong>
        </Text>
      )}
      <DraftNotice draft={outbox.draft} />
      <ActionError error={outbox.failure} />
      <TextInput
        label="Subject (optional)"
        description="A name for this request, e.g. “Spring mailer program”."
        maxLength={REQUEST_LIMITS.subject}
        {...form.getInputProps('Subject')}
      />

      {lines.map((_, i) => {
        const path = `Payload.Lines.${i}` as const;
        const quantities = lines[i]?.Quantities ?? [];
        const quantitiesError = form.errors[`${path}.Quantities`];
        return (
          <Fieldset key={i} legend={`Item ${i + 1}`} variant="filled">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Description" {...form.getInputProps(`${path}.Description`)} />
                <TextInput
                  label="Material"
                  description="Board grade, flute, print…"
                  {...form.getInputProps(`${path}.Material`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
                {DIMENSIONS.map((dimension) => (
                  <Group key={dimension} gap="xs" grow align="flex-start" wrap="nowrap">
                    <NumberField
                      label={`${dimension} (inches)`}
                      min={0}
                      max={REQUEST_LIMITS.maxWholeInches}
                      thousandSeparator={false}
                      hideControls
                      {...form.getInputProps(`${path}.${dimension}.Whole`)}
                    />
                    <NativeSelect
                      label={`${dimension} fraction`}
                      data={FRACTION_OPTIONS}
                      {...form.getInputProps(`${path}.${dimension}.Fraction`)}
                    />
                  </Group>
                ))}
              </SimpleGrid>
              <Fieldset variant="unstyled" legend="Quantity breaks" p={0}>
                <Text size="xs" c="dimmed">
                  One to four quantities to price, smallest first.
                </Text>
                <Group gap="xs" mt={4} align="flex-end">
                  {quantities.map((_, j) => (
                    <Group key={j} gap={4} wrap="nowrap" align="flex-end">
                      <NumberField
                        label={`Quantity ${j + 1}`}
                        w={120}
                        min={1}
                        hideControls
                        {...form.getInputProps(`${path}.Quantities.${j}`)}
                      />
                      {quantities.length > 1 && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          mb={form.errors[`${path}.Quantities.${j}`] ? 22 : 0}
                          aria-label={`Remove quantity ${j + 1} of item ${i + 1}`}
                          onClick={() => form.removeListItem(`${path}.Quantities`, j)}
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                  {quantities.length < REQUEST_LIMITS.quantityBreaks && (
                    <Button
                      variant="default"
                      size="sm"
                      onClick={() => form.insertListItem(`${path}.Quantities`, '')}
                      aria-label={`Add quantity to item ${i + 1}`}
                    >
                      Add quantity
                    </Button>
                  )}
                </Group>
                {quantitiesError && <Input.Error mt={4}>{quantitiesError}</Input.Error>}
              </Fieldset>
              {lines.length > 1 && (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => form.removeListItem('Payload.Lines', i)}
                  >
                    Remove item {i + 1}
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {form.errors['Payload.Lines'] && (
        <Alert color="red" variant="light">
          {form.errors['Payload.Lines']}
        </Alert>
      )}
      {lines.length < REQUEST_LIMITS.lines && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => form.insertListItem('Payload.Lines', emptyLine())}
        >
          Add another item
        </Button>
      )}

      <FutureDateInput label="Needed by" {...form.getInputProps('Payload.NeededBy')} />
      <Textarea
        label="Notes (optional)"
        description="Printing, closures, how the items are packed or shipped…"
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('Payload.Notes')}
      />
      <SubmitRow loading={outbox.sending}>Send quote request</SubmitRow>
    </FormFrame>
  );
}
