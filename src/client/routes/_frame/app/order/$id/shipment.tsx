/** `/app/order/$id/shipment`: the order's shipments and how to track them. */
import { createFileRoute } from '@tanstack/react-router';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { OrderShipments } from '../../../../../features/orders/components/order-shipments';
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
      {(order) => <OrderShipments order={order} />}
    </OrderFrame>
  );
}
