/**
 * Page cursors are the server's own tokens, but they travel through clients, which may send
 * anything back. A cursor whose keys do not fit the columns they stand for (a fraction or 1e308
 * where a row id goes, a NUL, text where a number goes, a day that does not exist where a date
 * goes) is a 400 on the `cursor` field at every keyset list, never a failed query.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import {
  CATALOG_SORTS,
  CUSTOMER_SORTS,
  ORDER_SORTS,
  USER_SORTS,
} from '../../src/shared/list-options';
import { RELEASE_SORTS } from '../../src/shared/schemas/order';
import { events, orders, releases, requests, shipments } from '../../src/server/db/schema';
import { customerIdOf, onBehalf, setupApi, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let staff: Caller;
const admin: Caller = { as: 'admin' };
const buyer: Caller = { as: 'buyerAcme' };

interface List {
  /** The list's path with its query, without `limit` and `cursor`. */
  path: string;
  who: Caller;
}

const lists: List[] = [];

/** The id of a row of `table` that has at least two of `per` (a first page of one has a next). */
async function withTwo(
  table: typeof orders,
  column: typeof shipments.OrderId | typeof releases.OrderId | typeof events.SubjectId,
  extra?: ReturnType<typeof eq>,
): Promise<number> {
  const [found] = await api.db
    .select({ Id: table.Id })
    .from(table)
    .where(
      and(
        eq(table.CustomerId, acme),
        sql`(select count(*) from ${column.table} where ${column} = ${table.Id} ${extra ? sql`and ${extra}` : sql``}) >= 2`,
      ),
    )
    .limit(1);
  if (!found) throw new Error(`no ${table} of ACME with two rows`);
  return found.Id;
}

beforeAll(async () => {
  api = await setupApi();
  acme = await customerIdOf(api, 'ACME');
  staff = { as: 'admin', headers: onBehalf(acme) };
  const shipped = await withTwo(orders, shipments.OrderId);
  const released = await withTwo(orders, releases.OrderId);
  const eventful = await withTwo(orders, events.SubjectId, eq(events.SubjectEntity, 'orders'));
  const [request] = await api.db
    .select({ Id: requests.Id })
    .from(requests)
    .where(
      sql`(select ${count()} from ${events} where ${events.SubjectEntity} = 'requests' and ${events.SubjectId} = ${requests.Id}) >= 2`,
    )
    .limit(1);
  if (!request) throw new Error('no request with two events');

  for (const sort of ORDER_SORTS) lists.push({ path: `/api/db/orders?sort=${sort}`, who: buyer });
  for (const sort of RELEASE_SORTS) {
    lists.push({ path: `/api/db/inventory-releases?sort=${sort}`, who: buyer });
  }
  lists.push(
    { path: `/api/db/orders/${released}/releases?`, who: buyer },
    { path: `/api/db/orders/${shipped}/shipments?`, who: buyer },
    { path: `/api/db/orders/${eventful}/activity?`, who: buyer },
    { path: `/api/db/requests/${request.Id}/activity?`, who: admin },
    { path: '/api/db/events?', who: admin },
    { path: '/api/db/requests?sort=newest', who: admin },
    { path: '/api/db/requests?sort=oldest', who: admin },
  );
  for (const sort of CUSTOMER_SORTS) {
    for (const s of [sort, `-${sort}`])
      lists.push({ path: `/api/db/customers?sort=${s}`, who: admin });
  }
  for (const sort of USER_SORTS) {
    for (const s of [sort, `-${sort}`]) lists.push({ path: `/api/db/users?sort=${s}`, who: admin });
  }
  for (const sort of CATALOG_SORTS) {
    for (const s of [sort, `-${sort}`]) {
      lists.push({ path: `/api/db/catalog?scope=all&sort=${s}`, who: admin });
      lists.push({ path: `/api/db/catalog?sort=${s}`, who: staff });
    }
  }
});
afterAll(() => api?.close());

const encode = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
const decode = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
    sort: string;
    key: Array<string | number>;
  };

async function get(list: List, query: string) {
  const res = await api.request(`${list.path}&${query}`, {
    as: list.who.as,
    headers: list.who.headers ?? {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Keys of the wrong kind for a column whose real key is a number, or a text. */
const FORGED_NUMBERS = [0.5, 1e308, -1e308, 2 ** 53, 'x'];
const FORGED_TEXTS = ['a\u0000b', 12];
/** Keys that fit some columns of their kind: a page or a 400, never a 500. */
const ODD_NUMBERS = [0, -1, 2 ** 31];
const ODD_TEXTS = ['not a date', '2024-02-30', '', '9999-12-31T23:59:59.999999'];

describe('forged page cursors', () => {
  it('cover every keyset list, each with a next page', async () => {
    expect(lists.length).toBeGreaterThan(30);
    for (const list of lists) {
      const { status, body } = await get(list, 'limit=1');
      expect(status, `${list.path} ${JSON.stringify(body)}`).toBe(200);
      expect(typeof body.nextCursor, list.path).toBe('string');
    }
  });

  it('are a 400 on the cursor field when a key does not fit its column, a page otherwise', async () => {
    const failures: string[] = [];
    for (const list of lists) {
      const { body } = await get(list, 'limit=1');
      const real = decode(body.nextCursor as string);
      for (const [i, key] of real.key.entries()) {
        const numeric = typeof key === 'number';
        const refused = numeric ? FORGED_NUMBERS : FORGED_TEXTS;
        const odd = numeric ? ODD_NUMBERS : ODD_TEXTS;
        for (const value of [...refused, ...odd]) {
          const forged = encode({ ...real, key: real.key.map((k, j) => (j === i ? value : k)) });
          const answer = await get(list, `limit=1&cursor=${forged}`);
          const error = answer.body.error as { code: string; fields?: Record<string, string> };
          const what = `${list.path} key ${i} = ${JSON.stringify(value)}: ${answer.status}`;
          if (refused.includes(value)) {
            if (
              answer.status !== 400 ||
              error.code !== ERROR_CODES.invalid ||
              !error.fields?.cursor
            ) {
              failures.push(what);
            }
          } else if (answer.status !== 200 && !(answer.status === 400 && error.fields?.cursor)) {
            failures.push(what);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are a 400 on the cursor field when they are no cursor at all', async () => {
    const list = lists[0]!;
    for (const cursor of [
      encode({ sort: '-OrderNumber', key: [1, 2, 3] }),
      encode({ sort: '-OrderNumber', key: [[1]] }),
      encode({ sort: '-OrderNumber' }),
      encode([1]),
      'not base64 at all!',
    ]) {
      const { status, body } = await get(list, `cursor=${encodeURIComponent(cursor)}`);
      expect(status, cursor).toBe(400);
      expect((body.error as { fields: Record<string, string> }).fields.cursor).toBeTruthy();
    }
  });
});
