/**
 * The loader of the order's pages (a `-` file: not a route). Each page needs the order; the
 * release and shipment pages also list what the order holds. Same query options as the pages', so
 * the pages find the data where they read it. The loader's data is the order's number, which each
 * page's title names (-order-page-head.ts).
 */
import { customerInEffect } from '../../../../../../shared/access';
import { getOrderQueryOptions, orderIdOf } from '../../../../../features/orders/api/get-order';
import { getOrderReleasesQueryOptions } from '../../../../../features/releases/api/get-order-releases';
import { getOrderShipmentsQueryOptions } from '../../../../../features/shipments/api/get-order-shipments';
import { loadRouteData } from '../../../../../lib/route-data';
import type { RouterContext } from '../../../../__root';
import type { OrderPageData } from './-order-page-head';

export async function loadOrderPage(
  { auth, queryClient }: RouterContext,
  id: string,
  lists: ReadonlyArray<'releases' | 'shipments'> = [],
): Promise<OrderPageData> {
  const orderId = orderIdOf(id);
  // Not an order number: the page says so without asking the API.
  if (orderId === 0) return { orderNumber: null };
  const customerId = customerInEffect(auth)?.CustomerId ?? null;
  const order = getOrderQueryOptions(customerId, orderId);
  await loadRouteData(
    () => queryClient.ensureQueryData(order),
    ...lists.map((list) =>
      list === 'releases'
        ? () =>
            queryClient.ensureInfiniteQueryData(getOrderReleasesQueryOptions(customerId, orderId))
        : () =>
            queryClient.ensureInfiniteQueryData(getOrderShipmentsQueryOptions(customerId, orderId)),
    ),
  );
  return { orderNumber: queryClient.getQueryData(order.queryKey)?.OrderNumber ?? null };
}
