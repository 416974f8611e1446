/** `POST /api/db/orders/:id/shipments` with an Idempotency-Key (staff): ship scheduled releases. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  shipmentRowSchema,
  type ShipmentCreateInput,
  type ShipmentRow,
} from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const createShipmentRoute = apiRoute('POST', '/api/db/orders/:id/shipments')
  .sends<ShipmentCreateInput>()
  .answers<Rows<ShipmentRow>>();

export interface CreateShipmentVars {
  orderId: number;
  input: ShipmentCreateInput;
  idempotencyKey: string;
}

export function createShipment({ orderId, input, idempotencyKey }: CreateShipmentVars) {
  return fetchOne(shipmentRowSchema, createShipmentRoute, {
    params: { id: orderId },
    idempotencyKey,
    body: input,
  });
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
