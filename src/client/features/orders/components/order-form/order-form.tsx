/**
 * `/app/order/new`: place an order in three steps — enter (EnterStep), review (ReviewStep), done
 * (DoneStep) — over the state of usePlaceOrder. Nothing typed is lost between the steps, on a
 * refusal, or on a reload (the draft).
 */
import { DoneStep } from './done-step';
import { EnterStep } from './enter-step';
import { ReviewStep } from './review-step';
import { usePlaceOrder } from './use-place-order';

export function OrderForm() {
  const order = usePlaceOrder();
  if (order.step === 'done' && order.placed) {
    return <DoneStep placed={order.placed} onPlaceAnother={order.placeAnother} />;
  }
  if (order.step === 'review') return <ReviewStep order={order} />;
  return <EnterStep order={order} />;
}
