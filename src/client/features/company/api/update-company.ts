/** `PUT /api/db/company` at the loaded Version (If-Match): the company's notice addresses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companySchema,
  type Company,
  type CompanyUpdateInput,
} from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { companyKeys } from './keys';

export const updateCompanyRoute = apiRoute('PUT', '/api/db/company')
  .sends<CompanyUpdateInput>()
  .answers<Rows<Company>>();

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, input }: { version: number; input: CompanyUpdateInput }) =>
      fetchOne(companySchema, updateCompanyRoute, { ifMatch: version, body: input }),
    onSuccess: (company) => queryClient.setQueryData(companyKeys.details(), company),
  });
}
