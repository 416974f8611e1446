/** `GET /api/db/company/people` (its administrators): the company's people, by name. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { companyPersonSchema, type CompanyPerson } from '../../../../shared/schemas/company';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { peopleKeys } from './keys';

export const PEOPLE_PAGE_SIZE = 50;

export const getCompanyPeopleRoute = apiRoute('GET', '/api/db/company/people').answers<
  Page<CompanyPerson>
>();

export const companyPeopleQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list({ company: true }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(companyPersonSchema, getCompanyPeopleRoute, {
        query: { sort: 'name', limit: PEOPLE_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    ...cursorPaging,
  });

export const useCompanyPeople = () => useInfiniteQuery(companyPeopleQueryOptions());
