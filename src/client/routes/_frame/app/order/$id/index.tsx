/** `/app/order/$id`: the order's summary, lines, allowed actions and its timeline. */
import { createFileRoute } from '@tanstack/react-router';
import { OrderFrame } from '../../../../../features/orders/components/order-frame';
import { OrderSummary } from '../../../../../features/orders/components/order-summary';
import { OrderInvoices } from '../../../../../features/invoices/components/order-invoices';
import { useOrdering } from '../../../../../auth/use-ordering';
import { loadOrderPage } from './-order-page-data';
import { orderPageHead } from './-order-page-head';

export const Route = createFileRoute('/_frame/app/order/$id/')({
  loader: ({ context, params }) => loadOrderPage(context, params.id),
  head: ({ loaderData }) => orderPageHead('summary', loaderData),
  component: OrderPage,
});

function OrderPage() {
  const { id } = Route.useParams();
  const { customerId } = useOrdering();
  return (
    <OrderFrame id={id} section="summary">
      {(order, reload) => (
        <>
          <OrderSummary order={order} onReload={reload} />
          <OrderInvoices customerId={customerId} orderId={order.Id} />
        </>
      )}
    </OrderFrame>
  );
}
