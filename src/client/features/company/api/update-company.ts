/** `PUT /api/db/company` at the loaded Version (If-Match): the company's notice addresses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companySchema, type CompanyUpdateInput } from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { companyKeys } from './keys';

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, input }: { version: number; input: CompanyUpdateInput }) =>
      fetchOne(companySchema, '/api/db/company', {
        method: 'PUT',
        ifMatch: version,
        body: JSON.stringify(input),
      }),
    onSuccess: (company) => queryClient.setQueryData(companyKeys.details(), company),
  });
}
