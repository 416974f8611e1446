/**
 * The company's administrators inviting a colleague (`POST /api/db/company/people`, with an
 * Idempotency-Key: the invitation email goes once) and changing one (`PUT …/:id` at the loaded
 * Version). Every list of people loads again after either.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companyPersonSchema,
  type CompanyInviteInput,
  type CompanyPerson,
  type CompanyPersonUpdateInput,
} from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { peopleKeys } from './keys';

export const invitePersonRoute = apiRoute('POST', '/api/db/company/people')
  .sends<CompanyInviteInput>()
  .answers<Rows<CompanyPerson>>();

export const updatePersonRoute = apiRoute('PUT', '/api/db/company/people/:id')
  .sends<CompanyPersonUpdateInput>()
  .answers<Rows<CompanyPerson>>();

export type PersonSave =
  | { kind: 'invite'; input: CompanyInviteInput; idempotencyKey: string }
  | { kind: 'update'; id: number; version: number; input: CompanyPersonUpdateInput };

export function useSavePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PersonSave) =>
      save.kind === 'invite'
        ? fetchOne(companyPersonSchema, invitePersonRoute, {
            idempotencyKey: save.idempotencyKey,
            body: save.input,
          })
        : fetchOne(companyPersonSchema, updatePersonRoute, {
            params: { id: save.id },
            ifMatch: save.version,
            body: save.input,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
}
