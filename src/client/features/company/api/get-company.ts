/** `GET /api/db/company` (its administrators): the company, its currency and notice addresses. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySchema } from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { companyKeys } from './keys';

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.details(),
    queryFn: ({ signal }) => fetchOne(companySchema, '/api/db/company', { signal }),
  });

export const useCompany = () => useQuery(companyQueryOptions());
