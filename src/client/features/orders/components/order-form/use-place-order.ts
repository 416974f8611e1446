/**
 * The state of the order form across its three steps — enter, review, done: the form and its
 * draft on the device, the lines a quick order adds, the catalog lookups for the review, and placing the order
 * with one Idempotency-Key per order, so a retried submit never places a second one.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueries, useQuery } from '@tanstack/react-query';
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
import { getOfferedCatalogQueryOptions } from '../../api/get-offered-catalog';
import { getOfferedItemsQueryOptions } from '../../api/get-offered-items';
import { useShipToAddresses } from '../../api/get-ship-to-addresses';
import { useOrdering } from '../../../../auth/use-ordering';
import { matchOfferedItem } from '../../../../../shared/offered-items';
import { initialValues, toOrderInput, type LineValues, type OrderFormValues } from './order-values';
import { focusFirstInvalid } from '../../../../lib/invalid-focus';
import { orderDraftName } from '../../starting-lines';
import { useStartingLines } from './starting-lines';

export type OrderStep = 'edit' | 'review' | 'done';

const validateOrder = schemaResolver(orderCreateSchema, { sync: true });

export function usePlaceOrder() {
  const { uid, customerId, customerName } = useOrdering();
  const [step, setStep] = useState<OrderStep>('edit');
  const [placed, setPlaced] = useState<Submitted<OrderDetail> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
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
  const draftName = orderDraftName(customerId);
  const draft = useFormDraft(form, uid, draftName, () => {
    // A refused order taken up again from the outbox: back to editing, whatever was showing.
    setPlaced(null);
    setStep('edit');
  });

  // A quick order's preview loaded the whole catalog: the review reads it instead of asking the
  // API once per line (up to 500). Never fetched from here, only read from the cache.
  const catalog = useQuery({ ...getOfferedCatalogQueryOptions(customerId), enabled: false });

  // Lines of an earlier order or a saved list, when the form was opened with them.
  const starting = useStartingLines(form);

  // For the review: each line's item as the catalog knows it (cached from typing, mostly).
  const lookups = useQueries({
    queries: form.values.Lines.map((line) => ({
      ...getOfferedItemsQueryOptions(customerId, line.ItemNumber.trim()),
      enabled: step === 'review' && !catalog.data && line.ItemNumber.trim() !== '',
    })),
  });
  // The ship-to book: the picker's choices, and the chosen address for the review.
  const book = useShipToAddresses(customerId);
  const addresses = book.data ?? [];
  const shipToAddress =
    addresses.find((a) =>
      form.values.ShipToAddressId == null ? a.IsDefault : a.Id === form.values.ShipToAddressId,
    ) ?? null;
  const reviewed = form.values.Lines.map((line, index) => {
    // The item as the API will find it: the customer's own wins, a withdrawn one is refused.
    const { item, refusal } = matchOfferedItem(
      catalog.data ?? lookups[index]?.data ?? [],
      line.ItemNumber,
    );
    return {
      line,
      /** The item to order; null when the line cannot be ordered (`refusal` says why). */
      item: refusal === null ? item : null,
      refusal,
      loading: !catalog.data && (lookups[index]?.isPending ?? false),
      // Offline, a line not looked up before waits: the plant checks it when the order arrives.
      unchecked: !catalog.data && lookups[index]?.fetchStatus === 'paused',
    };
  });

  /**
   * A quick order's accepted rows become lines, after those already typed (empty lines give way).
   * The preview has refused any item already on the form, so no item appears twice.
   */
  const addSheetLines = (lines: readonly LineValues[]) => {
    const kept = form.values.Lines.filter((l) => l.ItemNumber.trim() !== '' || l.QtyOrdered !== '');
    form.setFieldValue('Lines', [...kept, ...lines].slice(0, MAX_ORDER_LINES));
    form.clearFieldError('Lines');
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
    addSheetLines,
    starting,
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
