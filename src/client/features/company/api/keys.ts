/**
 * Query keys of the company's self-service. Its people are users: their lists share the users'
 * resource name, so a change of one reaches every list that shows people (lib/queries).
 */
import { resourceKeys } from '../../../lib/queries';

export const companyKeys = resourceKeys('company');
export const peopleKeys = resourceKeys('users');
