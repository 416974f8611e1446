/**
 * Query keys of the customers administrators manage (built as every feature's, lib/queries). The
 * customer chooser (features/customers) reads the same resource under the same name, so a created
 * or changed customer refreshes its lists too.
 */
import { resourceKeys } from '../../../lib/queries';

export const customerKeys = resourceKeys('customers');
