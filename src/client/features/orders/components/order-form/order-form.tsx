/**
 * `/app/order/new`: place an order in three steps — enter (EnterStep), review (ReviewStep), done
 * (DoneStep) — over the state of usePlaceOrder. Nothing typed is lost between the steps, on a
 * refusal, or on a reload (the draft). The route gives it the saved order lists' actions
 * (`listActions`, shown with the lines) and the customer's credit on the review
 * (`reviewNotice`, given what the order is worth in minor units of a currency), since features
 * do not import each other.
 */
import type { ReactNode } from 'react';
import { DoneStep } from './done-step';
import { EnterStep } from './enter-step';
import type { LineValues } from './order-values';
import { ReviewStep } from './review-step';
import { usePlaceOrder } from './use-place-order';

export function OrderForm({
  listActions,
  reviewNotice,
}: {
  listActions: (lines: readonly LineValues[]) => ReactNode;
  reviewNotice?: (orderValue: (currency: string) => number) => ReactNode;
}) {
  const order = usePlaceOrder();
  if (order.placed) return <DoneStep placed={order.placed} onPlaceAnother={order.placeAnother} />;
  if (order.step === 'review') return <ReviewStep order={order} notice={reviewNotice} />;
  return <EnterStep order={order} listActions={listActions} />;
}
