/** Query keys of the users administrators manage (built as every feature's, lib/queries). */
import { resourceKeys } from '../../../lib/queries';

export const userKeys = resourceKeys('users');
