/**
 * Query keys of the customers staff choose from (built as every feature's, lib/queries). The admin
 * screens (features/admin-customers) build theirs from the same resource name, so a created or
 * changed customer refreshes these lists too.
 */
import { resourceKeys } from '../../../lib/queries';

export const customerKeys = resourceKeys('customers');
