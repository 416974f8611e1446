/**
 * The company's administrators inviting a colleague (`POST /api/db/company/people`, with an
 * Idempotency-Key: the invitation email goes once) and changing one (`PUT …/{id}` at the loaded
 * Version). Every list of people loads again after either.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companyPersonSchema,
  type CompanyInviteInput,
  type CompanyPersonUpdateInput,
} from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { peopleKeys } from './keys';

export type PersonSave =
  | { kind: 'invite'; input: CompanyInviteInput; idempotencyKey: string }
  | { kind: 'update'; id: number; version: number; input: CompanyPersonUpdateInput };

export function useSavePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PersonSave) =>
      save.kind === 'invite'
        ? fetchOne(companyPersonSchema, '/api/db/company/people', {
            method: 'POST',
            idempotencyKey: save.idempotencyKey,
            body: JSON.stringify(save.input),
          })
        : fetchOne(companyPersonSchema, `/api/db/company/people/${save.id}`, {
            method: 'PUT',
            ifMatch: save.version,
            body: JSON.stringify(save.input),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
}
