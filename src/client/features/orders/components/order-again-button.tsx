/**
 * "Order again" on an order page (any status): opens the new-order form with the order's lines
 * and quantities. The server says which items can no longer be ordered and why; the answer is
 * fetched with the page, so it is at hand offline too. Offline without it, every line goes to the
 * form unchecked, and the plant checks them when the order arrives (as for any line typed).
 */
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { OrderDetail } from '../../../../shared/schemas/order';
import { getOrderAgainQueryOptions } from '../api/get-order-again';
import { startOrderWith } from '../starting-lines';
import { useOrdering } from '../../../auth/use-ordering';

export function OrderAgainButton({ order }: { order: OrderDetail }) {
  const { uid, customerId } = useOrdering();
  const navigate = useNavigate();
  const checked = useQuery(getOrderAgainQueryOptions(customerId, order.Id));
  const orderAgain = () => {
    const lines =
      checked.data ??
      order.Lines.map((l) => ({
        CatalogItemId: l.CatalogItemId,
        ItemNumber: l.ItemNumber,
        Description: l.Description,
        QtyOrdered: l.QtyOrdered,
        Unavailable: null,
      }));
    if (uid === null) return;
    void startOrderWith(uid, customerId, { source: `order ${order.OrderNumber}`, lines }).then(() =>
      navigate({ to: '/app/order/new' }),
    );
  };
  return (
    <Button variant="default" w="fit-content" onClick={orderAgain}>
      Order again
    </Button>
  );
}
