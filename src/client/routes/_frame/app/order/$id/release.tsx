/** `/app/order/$id/release`: release on-hand inventory for shipment, and follow the releases. */
import { createFileRoute } from '@tanstack/react-router';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { OrderReleases } from '../../../../../features/releases/components/order-releases';
import { loadOrderPage } from './-order-page-data';
import { orderPageHead } from './-order-page-head';

export const Route = createFileRoute('/_frame/app/order/$id/release')({
  loader: ({ context, params }) => loadOrderPage(context, params.id, ['releases']),
  head: ({ loaderData }) => orderPageHead('release', loaderData),
  component: OrderReleasePage,
});

function OrderReleasePage() {
  const { id } = Route.useParams();
  return (
    <OrderFrame id={id} section="release">
      {(order) => <OrderReleases order={order} />}
    </OrderFrame>
  );
}
