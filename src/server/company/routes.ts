/**
 * A customer's self-service (`/api/db/company`): its Customer Administrators read and keep the
 * company's notice addresses and run its people (`/api/db/company/people`). Every endpoint is
 * theirs only (403 for anybody else, staff included: the plant runs a customer's people through
 * `/api/db/users`), and the customer is always the caller's own, from the session: the bodies
 * name none, and one that tries is refused as unknown input.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  companyInviteSchema,
  companyPeopleQuerySchema,
  companyPersonSchema,
  companyPersonUpdateSchema,
  companySchema,
  companyUpdateSchema,
} from '../../shared/schemas/company';
import type { AppEnv } from '../http/context';
import {
  authenticate,
  capabilityOnly,
  requireCapability,
  resolveCustomerScope,
} from '../identity/auth';
import { created, okVersioned, page } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  dataOf,
  errors,
  ifMatchHeader,
  json,
  jsonBody,
  pageOf,
  writeRoutes,
} from '../http/openapi';
import { perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import { listUsers } from '../users/queries';
import {
  inviteCompanyPerson,
  readCompany,
  toCompanyPerson,
  updateCompany,
  updateCompanyPerson,
} from './service';

const TAGS = ['company'];
const managers = capabilityOnly('company:manage');

/** The administrator and their own customer: never one the request names. */
async function administrator(c: Context<AppEnv>) {
  const user = requireCapability(c, 'company:manage');
  const { customerId } = await resolveCustomerScope(c);
  return { user, customerId };
}

const getCompanyRoute = createRoute({
  method: 'get',
  operationId: 'getCompany',
  path: '/',
  summary: "The caller's company (its administrators): name, currency, notice addresses",
  tags: TAGS,
  middleware: [managers],
  responses: { 200: json(dataOf(companySchema), 'The company'), ...errors() },
});

const updateCompanyRoute = createRoute({
  method: 'put',
  operationId: 'updateCompany',
  path: '/',
  summary: "Its administrators: change the company's notice addresses",
  tags: TAGS,
  middleware: [managers, perUserLimit(WRITE_LIMITS.change)],
  request: { headers: z.object(ifMatchHeader), body: jsonBody(companyUpdateSchema) },
  responses: {
    200: json(dataOf(companySchema), 'The company as changed'),
    ...errors(412, 413, 428, 429),
  },
});

const listPeopleRoute = createRoute({
  method: 'get',
  operationId: 'listCompanyPeople',
  path: '/',
  summary:
    "The company's people (its administrators): roles, spending limits, status, last sign-in",
  tags: TAGS,
  middleware: [managers],
  request: { query: companyPeopleQuerySchema },
  responses: { 200: json(pageOf(companyPersonSchema), 'A page of people'), ...errors() },
});

const { createRoute: invitePersonRoute, updateRoute: updatePersonRoute } = writeRoutes({
  tags: TAGS,
  middleware: [managers],
  row: companyPersonSchema,
  noun: 'person',
  create: {
    operationId: 'inviteCompanyPerson',
    summary:
      "Its administrators: invite a colleague into the company (the company's roles only), by the same invitation email staff send",
    body: companyInviteSchema,
  },
  update: {
    operationId: 'updateCompanyPerson',
    summary:
      "Its administrators: change a colleague's roles, spending limits or status; Active false signs them out everywhere",
    body: companyPersonUpdateSchema,
  },
});

const companyRouter = createRouter();
companyRouter.use(authenticate);

export const companyRoutes = companyRouter
  .openapi(getCompanyRoute, async (c) => {
    const { customerId } = await administrator(c);
    return okVersioned(c, await readCompany(c.get('db'), customerId));
  })
  .openapi(updateCompanyRoute, async (c) => {
    const { user, customerId } = await administrator(c);
    const version = requireIfMatch(c);
    const company = await updateCompany(
      c.get('db'),
      customerId,
      version,
      c.req.valid('json'),
      user,
    );
    return okVersioned(c, company);
  });

const peopleRouter = createRouter();
peopleRouter.use(authenticate);

export const companyPeopleRoutes = peopleRouter
  .openapi(listPeopleRoute, async (c) => {
    const { customerId } = await administrator(c);
    const query = c.req.valid('query');
    const { rows, nextCursor } = await listUsers(c.get('db'), { ...query, customerId });
    const signIns = await c.get('identity').lastSignIns(rows.map((row) => row.Uid));
    return page(
      c,
      rows.map((row) => toCompanyPerson(row, signIns.get(row.Uid) ?? null)),
      nextCursor,
    );
  })
  .openapi(invitePersonRoute, async (c) => {
    const { user, customerId } = await administrator(c);
    const body = c.req.valid('json');
    const identity = c.get('identity');
    return createIdempotently(
      c,
      body,
      async (tx) =>
        created(
          toCompanyPerson(await inviteCompanyPerson(tx, identity, customerId, body, user), null),
        ),
      { customerId },
    );
  })
  .openapi(updatePersonRoute, async (c) => {
    const { user, customerId } = await administrator(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const row = await updateCompanyPerson(
      c.get('db'),
      c.get('identity'),
      customerId,
      id,
      version,
      c.req.valid('json'),
      user,
    );
    const signIns = await c.get('identity').lastSignIns([row.Uid]);
    return okVersioned(c, toCompanyPerson(row, signIns.get(row.Uid) ?? null));
  });
