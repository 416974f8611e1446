/**
 * The state of the order form across its three steps — enter, review, done: the form and its
 * draft on the device, the quick entry, the catalog lookups for the review, and placing the order
 * with one Idempotency-Key per order, so a retried submit never places a second one.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MAX_ORDER_LINES,
  orderCreateSchema,
  type OrderDetail,
} from '../../../../../shared/schemas/order';
import { errorMessage, fieldErrors } from '../../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../../lib/idempotency-key';
import { useFormDraft } from '../../../../lib/use-form-draft';
import type { Submitted } from '../../../../lib/use-outbox-submit';
import { useSubmitOrder } from '../../api/create-order';
import { getOfferedItemsQueryOptions } from '../../api/get-offered-items';
import { useShipToAddresses } from '../../api/get-ship-to-addresses';
import { parseQuickEntry } from '../../quick-entry';
import { useOrdering } from '../../use-ordering';
import { bestMatch, initialValues, toOrderInput, type OrderFormValues } from './order-values';
import { focusFirstInvalid } from '../../../../lib/invalid-focus';

export type OrderStep = 'edit' | 'review' | 'done';

const validateOrder = schemaResolver(orderCreateSchema, { sync: true });

export function usePlaceOrder() {
  const { uid, customerId, customerName } = useOrdering();
  const [step, setStep] = useState<OrderStep>('edit');
  const [placed, setPlaced] = useState<Submitted<OrderDetail> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [quick, setQuick] = useState('');
  const [quickProblems, setQuickProblems] = useState<string[]>([]);
  // Once reviewed, coming back to the form puts the focus where the buyer continues.
  const [wasReviewed, setReviewed] = useState(false);
  const create = useSubmitOrder();
  const keys = useIdempotencyKeys();
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: initialValues(),
    validate: (values) => validateOrder(toOrderInput(values)),
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
  // The ship-to book: the picker's choices, and the chosen address for the review.
  const book = useShipToAddresses(customerId);
  const addresses = book.data ?? [];
  const shipToAddress =
    addresses.find((a) =>
      form.values.ShipToAddressId == null ? a.IsDefault : a.Id === form.values.ShipToAddressId,
    ) ?? null;
  const reviewed = form.values.Lines.map((line, index) => ({
    line,
    item: bestMatch(lookups[index]?.data ?? [], line.ItemNumber),
    loading: lookups[index]?.isPending ?? false,
    // Offline, a line not looked up before waits: the plant checks it when the order arrives.
    unchecked: lookups[index]?.fetchStatus === 'paused',
  }));

  const addQuickLines = () => {
    const entry = parseQuickEntry(quick);
    setQuickProblems(entry.problems);
    if (entry.lines.length === 0) return;
    const kept = form.values.Lines.filter((l) => l.ItemNumber.trim() !== '' || l.QtyOrdered !== '');
    const merged = [...kept];
    for (const line of entry.lines) {
      const same = merged.find((l) => l.ItemNumber.trim().toUpperCase() === line.ItemNumber);
      // Added to a quantity typed before; a quantity the form refuses is left as typed.
      if (same && typeof same.QtyOrdered === 'number') same.QtyOrdered += line.QtyOrdered;
      else if (same && same.QtyOrdered === '') same.QtyOrdered = line.QtyOrdered;
      else merged.push(line);
    }
    form.setFieldValue('Lines', merged.slice(0, MAX_ORDER_LINES));
    if (entry.problems.length === 0) setQuick('');
  };

  const toReview = form.onSubmit(() => {
    setFailure(null);
    setReviewed(true);
    setStep('review');
  }, focusFirstInvalid);

  const place = () => {
    setFailure(null);
    const parsed = orderCreateSchema.safeParse(toOrderInput(form.getValues()));
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

  return {
    customerId,
    customerName,
    step,
    form,
    draft,
    failure,
    quick: { text: quick, setText: setQuick, problems: quickProblems, add: addQuickLines },
    reviewed,
    shipTo: { addresses, loading: book.isPending, failed: book.isError },
    shipToAddress,
    wasReviewed,
    placed,
    placing: create.isPending,
    toReview,
    backToEdit: () => setStep('edit'),
    place,
    placeAnother: () => {
      setPlaced(null);
      setStep('edit');
    },
  };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
