/**
 * Staff answer a quote request: a unit price for every quantity break of every item and the last
 * day the prices are valid. Checked against the request before sending, and again by the API.
 */
import { Fieldset, Input, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  quoteAnswerInputSchema,
  quoteAnswerProblems,
  type QuoteAnswer,
  type QuotePayload,
} from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { FormFrame, SubmitRow } from '../../../ui/form-frame';
import { FutureDateInput } from '../../../ui/future-date-input';
import { NumberField } from '../../../ui/number-field';
import { useRequestAction } from '../api/request-actions';
import { formatDimensions, formatQty } from '../../../../shared/format';
import { ActionError } from './action-error';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../lib/invalid-focus';

interface AnswerValues {
  Lines: Array<{ UnitPrices: Array<number | string> }>;
  ValidUntil: string;
  Note: string;
}

function initialValues(payload: QuotePayload, quote: QuoteAnswer | null): AnswerValues {
  return {
    Lines: payload.Lines.map((line, i) => ({
      UnitPrices: line.Quantities.map((_, j) => quote?.Lines[i]?.UnitPrices[j] ?? ''),
    })),
    ValidUntil: '',
    Note: quote?.Note ?? '',
  };
}

/** Zod's issues as form errors (dot paths), plus what the answer lacks against the request. */
function validateAnswer(payload: QuotePayload) {
  return (values: AnswerValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    const parsed = quoteAnswerInputSchema.safeParse(values);
    for (const issue of parsed.error?.issues ?? []) {
      errors[issue.path.map(String).join('.')] ??= issue.message;
    }
    return { ...quoteAnswerProblems(payload, values), ...errors };
  };
}

export function QuoteAnswerForm({
  requestId,
  version,
  payload,
  quote,
  onReload,
}: {
  requestId: number;
  version: number;
  payload: QuotePayload;
  quote: QuoteAnswer | null;
  onReload: () => void;
}) {
  const send = useRequestAction('quote');
  const form = useForm<AnswerValues>({
    mode: 'controlled',
    initialValues: initialValues(payload, quote),
    validate: validateAnswer(payload),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const body = quoteAnswerInputSchema.parse(values);
    try {
      await send.mutateAsync({ id: requestId, version, body });
      notifications.show({ color: 'teal', message: 'Prices sent to the customer.' });
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
    }
  }, focusFirstInvalid);

  return (
    <FormFrame label={quote ? 'Revise prices' : 'Send prices'} onSubmit={submit}>
      <ActionError error={send.error} onReload={onReload} />
      {payload.Lines.map((line, i) => (
        <Fieldset
          key={i}
          legend={`${line.Description} (${formatDimensions(line)})`}
          variant="filled"
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {line.Quantities.map((quantity, j) => (
              <NumberField
                key={j}
                label={`Unit price at ${formatQty(quantity)}`}
                prefix="$"
                min={0}
                hideControls
                {...form.getInputProps(`Lines.${i}.UnitPrices.${j}`)}
              />
            ))}
          </SimpleGrid>
          {form.errors[`Lines.${i}.UnitPrices`] && (
            <Input.Error mt="xs">{form.errors[`Lines.${i}.UnitPrices`]}</Input.Error>
          )}
        </Fieldset>
      ))}
      <FutureDateInput label="Valid until" {...form.getInputProps('ValidUntil')} />
      <Textarea
        label="Note to the customer (optional)"
        description="Freight, tooling, lead time…"
        autosize
        minRows={2}
        {...form.getInputProps('Note')}
      />
      <SubmitRow loading={send.isPending}>
        {quote ? 'Send revised prices' : 'Send prices'}
      </SubmitRow>
    </FormFrame>
  );
}
