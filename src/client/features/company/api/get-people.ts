/** `GET /api/db/company/people` (its administrators): the company's people, by name. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { companyPersonSchema } from '../../../../shared/schemas/company';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { peopleKeys } from './keys';

export const PEOPLE_PAGE_SIZE = 50;

export const companyPeopleQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list({ company: true }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        companyPersonSchema,
        apiPath('/api/db/company/people', {
          sort: 'name',
          limit: PEOPLE_PAGE_SIZE,
          cursor: pageParam,
        }),
        { signal },
      ),
    ...cursorPaging,
  });

export const useCompanyPeople = () => useInfiniteQuery(companyPeopleQueryOptions());
