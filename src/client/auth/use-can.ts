/**
 * Whether the signed-in person may do something (src/shared/roles.ts): the screens offer only
 * what the API would accept, so a Viewer sees no "Place order" and an approver alone no
 * "Release". The API checks again on every call.
 */
import { subjectCan } from '../../shared/access';
import type { Capability } from '../../shared/roles';
import { useAuth } from './auth-context';

export function useCan(capability: Capability): boolean {
  return subjectCan(useAuth(), capability);
}
