/** `PUT /api/db/customers/:id` (admins), at the Version the form loaded (If-Match). */
import {
  customerRowSchema,
  type CustomerRow,
  type CustomerUpdateInput,
} from '../../../../shared/schemas/customer';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { customerKeys } from './keys';

export const updateCustomerRoute = apiRoute('PUT', '/api/db/customers/:id')
  .sends<CustomerUpdateInput>()
  .answers<Rows<CustomerRow>>();

export function useUpdateCustomer() {
  return useVersionedUpdate({
    route: updateCustomerRoute,
    rowSchema: customerRowSchema,
    keys: customerKeys,
  });
}
