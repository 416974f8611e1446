/** `/app/order/$id/shipment`: the order's shipments and how to track them. */
import { createFileRoute } from '@tanstack/react-router';
import type { OrderDetail } from '../../../../../../shared/schemas/order';
import { useOrdering } from '../../../../../auth/use-ordering';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { useOrderReleases } from '../../../../../features/releases/api/get-order-releases';
import { OrderShipments } from '../../../../../features/shipments/components/order-shipments';
import { loadOrderPage } from './-order-page-data';
import { orderPageHead } from './-order-page-head';

export const Route = createFileRoute('/_frame/app/order/$id/shipment')({
  loader: ({ context, params }) => loadOrderPage(context, params.id, ['shipments', 'releases']),
  head: ({ loaderData }) => orderPageHead('shipment', loaderData),
  component: OrderShipmentPage,
});

function OrderShipmentPage() {
  const { id } = Route.useParams();
  return (
    <OrderFrame id={id} section="shipment">
      {(order) => <ShipmentsOfOrder order={order} />}
    </OrderFrame>
  );
}

/** A shipment is recorded from the order's scheduled releases, which the releases feature reads. */
function ShipmentsOfOrder({ order }: { order: OrderDetail }) {
  const { customerId } = useOrdering();
  const releases = useOrderReleases(customerId, order.Id);
  return (
    <OrderShipments
      order={order}
      releases={releases.isSuccess ? releases.data.pages.flatMap((p) => p.data) : null}
    />
  );
}
