/** `PUT /api/db/customers/:id` (admins), at the Version the form loaded (If-Match). */
import {
  customerRowSchema,
  type CustomerRow,
  type CustomerUpdateInput,
} from '../../../../shared/schemas/customer';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { customerQueryKey } from './get-customer';

export function useUpdateCustomer() {
  return useVersionedUpdate<CustomerRow, CustomerUpdateInput>({
    path: (id) => `/api/db/customers/${id}`,
    rowSchema: customerRowSchema,
    recordKey: customerQueryKey,
    lists: { queryKey: ['customers'], predicate: (query) => query.queryKey[1] !== 'detail' },
  });
}
