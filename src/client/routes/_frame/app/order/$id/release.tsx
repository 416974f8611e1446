/** `/app/order/$id/release`: release on-hand inventory for shipment, and follow the releases. */
import { createFileRoute } from '@tanstack/react-router';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { OrderReleases } from '../../../../../features/orders/components/order-releases';

export const Route = createFileRoute('/_frame/app/order/$id/release')({
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
