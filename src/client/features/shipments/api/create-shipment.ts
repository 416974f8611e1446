/** `POST /api/db/orders/:id/shipments` with an Idempotency-Key (staff): ship scheduled releases. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shipmentRowSchema, type ShipmentCreateInput } from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface CreateShipmentVars {
  orderId: number;
  input: ShipmentCreateInput;
  idempotencyKey: string;
}

export function createShipment({ orderId, input, idempotencyKey }: CreateShipmentVars) {
  return fetchOne(shipmentRowSchema, `/api/db/orders/${orderId}/shipments`, {
    method: 'POST',
    idempotencyKey,
    body: JSON.stringify(input),
  });
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
