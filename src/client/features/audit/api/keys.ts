/** Query keys of the audit screen (built as every feature's, lib/queries). */
import { resourceKeys } from '../../../lib/queries';

export const eventKeys = resourceKeys('events');
