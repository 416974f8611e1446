/** `POST /api/db/orders/:id/shipments` with an Idempotency-Key (staff): ship scheduled releases. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import { shipmentRowSchema, type ShipmentCreateInput } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { oneRowOf } from './list-schema';

export interface CreateShipmentVars {
  orderId: number;
  input: ShipmentCreateInput;
  idempotencyKey: string;
}

export async function createShipment({ orderId, input, idempotencyKey }: CreateShipmentVars) {
  const body = await apiFetch(`/api/db/orders/${orderId}/shipments`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return oneRowOf(shipmentRowSchema).parse(body);
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
