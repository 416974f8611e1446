/**
 * The state of the order form across its three steps — enter, review, done: the form and its
 * draft on the device, the lines a quick order adds, the catalog lookups for the review, and placing
 * the order through the outbox form (lib/use-outbox-form.ts), with one Idempotency-Key per order,
 * so a retried submit never places a second one.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_ORDER_LINES, orderCreateSchema } from '../../../../../shared/schemas/order';
import { errorMessage } from '../../../../lib/api-errors';
import { useOutboxForm } from '../../../../lib/use-outbox-form';
import { createOrder } from '../../api/create-order';
import { getOfferedCatalogQueryOptions } from '../../api/get-offered-catalog';
import { getOfferedItemsQueryOptions } from '../../api/get-offered-items';
import { useShipToAddresses } from '../../api/get-ship-to-addresses';
import { useOrdering } from '../../../../auth/use-ordering';
import { matchOfferedItem } from '../../../../../shared/offered-items';
import { initialValues, toOrderInput, type LineValues, type OrderFormValues } from './order-values';
import { focusFirstInvalid } from '../../../../lib/invalid-focus';
import { orderDraftName } from '../../starting-lines';
import { useStartingLines } from './starting-lines';

export type OrderStep = 'edit' | 'review';

const validateOrder = schemaResolver(orderCreateSchema, { sync: true });

export function usePlaceOrder() {
  const { uid, customerId, customerName } = useOrdering();
  const [step, setStep] = useState<OrderStep>('edit');
  // Once reviewed, coming back to the form puts the focus where the buyer continues.
  const [wasReviewed, setReviewed] = useState(false);
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: initialValues(),
    validate: (values) => validateOrder(toOrderInput(values)),
  });
  const outbox = useOutboxForm({
    form,
    uid,
    // Kept on the device as it is typed, one draft per customer (staff order for several).
    draftName: orderDraftName(customerId),
    page: '/app/order/new',
    create: (values) => createOrder(orderCreateSchema.parse(toOrderInput(values)), customerId),
    notice: {
      queued: (input) => ({
        title: 'Order queued',
        message: `The order for PO ${input.PoNumber} waits in the outbox and is sent when you are back online.`,
      }),
      sent: (order) => ({
        title: 'Order placed',
        message: `Order ${order.OrderNumber} (PO ${order.PoNumber}) was submitted.`,
      }),
    },
    // A refused order taken up again from the outbox: back to editing, whatever was showing.
    onRestore: () => setStep('edit'),
    // Not placed (a date that was valid yesterday may not be today, or the server said no): back
    // to the form, which says why beside the fields.
    onRefused: () => setStep('edit'),
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
    outbox.reset();
    setReviewed(true);
    setStep('review');
  }, focusFirstInvalid);

  return {
    customerId,
    customerName,
    step,
    form,
    // "Your draft is back" only when something the person typed came back, not when "Order
    // again" or a saved list wrote the lines alone into the draft the form opens from.
    draft: starting.linesOnly ? { ...outbox.draft, restoredAt: null } : outbox.draft,
    failure: outbox.failure === null ? null : errorMessage(outbox.failure),
    addSheetLines,
    starting,
    reviewed,
    shipTo: { addresses, loading: book.isPending, failed: book.isError },
    shipToAddress,
    wasReviewed,
    /** Once placed or queued, what became of it: the form's last step shows it. */
    placed: outbox.submitted,
    placing: outbox.sending,
    toReview,
    backToEdit: () => setStep('edit'),
    place: outbox.send,
    placeAnother: () => {
      outbox.reset();
      setStep('edit');
    },
  };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
