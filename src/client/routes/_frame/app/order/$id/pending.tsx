/** `/app/order/$id/pending`: what is still to come on each line of the order. */
import { createFileRoute } from '@tanstack/react-router';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { PendingView } from '../../../../../features/orders/components/pending-view';
import { loadOrderPage } from './-order-page-data';
import { orderPageHead } from './-order-page-head';

export const Route = createFileRoute('/_frame/app/order/$id/pending')({
  loader: ({ context, params }) => loadOrderPage(context, params.id),
  head: ({ loaderData }) => orderPageHead('pending', loaderData),
  component: OrderPendingPage,
});

function OrderPendingPage() {
  const { id } = Route.useParams();
  return (
    <OrderFrame id={id} section="pending">
      {(order) => <PendingView order={order} />}
    </OrderFrame>
  );
}
