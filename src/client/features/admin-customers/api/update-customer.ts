/** `PUT /api/db/customers/:id` (admins), at the Version the form loaded (If-Match). */
import { customerRowSchema, type CustomerUpdateInput } from '../../../../shared/schemas/customer';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { customerKeys } from './keys';

export function useUpdateCustomer() {
  return useVersionedUpdate<typeof customerRowSchema, CustomerUpdateInput>({
    path: (id) => `/api/db/customers/${id}`,
    rowSchema: customerRowSchema,
    keys: customerKeys,
  });
}
