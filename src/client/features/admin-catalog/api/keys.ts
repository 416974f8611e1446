/** Query keys of the catalog items administrators manage (built as every feature's, lib/queries). */
import { resourceKeys } from '../../../lib/queries';

export const catalogKeys = resourceKeys('catalog');
