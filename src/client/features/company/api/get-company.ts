/** `GET /api/db/company` (its administrators): the company, its currency and notice addresses. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySchema, type Company } from '../../../../shared/schemas/company';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { companyKeys } from './keys';

export const getCompanyRoute = apiRoute('GET', '/api/db/company').answers<Rows<Company>>();

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.details(),
    queryFn: ({ signal }) => fetchOne(companySchema, getCompanyRoute, { signal }),
  });

export const useCompany = () => useQuery(companyQueryOptions());
