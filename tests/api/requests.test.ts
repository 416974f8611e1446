/**
 * Requests (docs/product/order-and-request-states.md#requests): who sees which request, the status
 * machine through the API, quote answers, access requests from self sign-ups, threads, idempotent
 * creates and rate limits.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAY_HEADER } from '../../src/shared/api';
import { addDays, utcToday } from '../../src/shared/calendar-date';
import { ROLES } from '../../src/shared/roles';
import {
  requestCountRowSchema,
  requestDetailSchema,
  requestRowSchema,
  type RequestDetail,
  type RequestRow,
} from '../../src/shared/schemas/requests';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../../src/shared/status';
import { events, requests, users } from '../../src/server/db/schema';
import { ACCESS_REQUEST_LIMITS } from '../../src/server/requests/service';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { confirmEmail } from './admin-support';
import {
  call,
  customerIdOf,
  json,
  setupApi,
  signIn,
  type Caller,
  type ErrorBody,
  type TestApi,
  type Who,
} from './support';

let api: TestApi;
/** Sign-ups made by this file (Auth accounts without portal users), deleted at the end. */
const signUps: string[] = [];

beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  if (signUps.length > 0) await api?.auth.deleteUsers(signUps);
  await api?.close();
});

const today = utcToday();
const inAMonth = addDays(today, 30);

/**
 * A caller of this file: an account, or a sign-up's token. Each call comes from an address of its
 * own, so that only the rate-limit tests share one.
 */
const by = (as: Who): Caller => ({ as, headers: { 'X-Forwarded-For': `192.0.2.${randomUUID()}` } });

async function errorOf(res: Response, status: number) {
  return (await json<ErrorBody>(res, status)).error;
}

/** An Auth account that signed up but has no portal user yet, signed in. */
async function signUp(name: string): Promise<{ uid: string; email: string; token: string }> {
  const uid = `t-signup-${randomUUID().slice(0, 12)}`;
  const email = `${name}.${uid}@signup.test`;
  await api.auth.createUser({ uid, email, password: DEMO_PASSWORD });
  signUps.push(uid);
  return { uid, email, token: await signIn(api.emulatorHost, email, DEMO_PASSWORD) };
}

const line = (quantities = [500, 1000, 5000]) => ({
  Description: 'Shipper box',
  Material: '200# C-flute kraft',
  Length: { Whole: 12, Fraction: '3/8' },
  Width: { Whole: 10, Fraction: '1/4' },
  Height: { Whole: 6, Fraction: '0' },
  Quantities: quantities,
});

const quoteBody = (subject = 'Spring shipper', lines = [line()]) => ({
  Type: 'quote',
  Subject: subject,
  Payload: { Lines: lines, NeededBy: inAMonth, Notes: 'One-colour print.' },
});

const accessBody = (company = 'Corp Ltd') => ({
  Type: 'access',
  Payload: {
    FirstName: 'Nia',
    LastName: 'New',
    Company: company,
    Phone: '+1 555 0100',
    Details: 'We order boxes every month.',
  },
});

async function create(
  as: Who,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RequestRow> {
  const res = await call(api, by(as), 'POST', '/api/db/requests', body, headers);
  const { data } = await json<{ data: unknown[] }>(res, 201);
  return requestRowSchema.parse(data[0]);
}

async function detail(id: number, as: Who): Promise<RequestDetail> {
  const { data } = await json<{ data: unknown[] }>(
    await call(api, by(as), 'GET', `/api/db/requests/${id}`),
    200,
  );
  return requestDetailSchema.parse(data[0]);
}

async function list(query: string, as: Who, headers: Record<string, string> = {}) {
  const res = await call(api, by(as), 'GET', `/api/db/requests?${query}`, undefined, headers);
  return json<{ data: RequestRow[]; nextCursor: string | null }>(res, 200);
}

/** POST /:id/<action> with If-Match of `version`. */
function action(id: number, name: string, as: Who, version: number | null, body?: unknown) {
  return call(
    api,
    by(as),
    'POST',
    `/api/db/requests/${id}/${name}`,
    body,
    version === null ? {} : { 'If-Match': `"${version}"` },
  );
}

async function acted(res: Response): Promise<RequestRow> {
  const { data } = await json<{ data: unknown[] }>(res, 200);
  return requestRowSchema.parse(data[0]);
}

const answer = (prices: number[][] = [[1.25, 1.1, 0.95]], validUntil = inAMonth) => ({
  Lines: prices.map((UnitPrices) => ({ UnitPrices })),
  ValidUntil: validUntil,
  Note: 'Freight extra.',
});

describe('creating requests', () => {
  it('stores a buyer’s quote request for its customer, dimensions in sixteenths', async () => {
    const acme = await customerIdOf(api, 'ACME');
    const row = await create('buyerAcme', quoteBody());
    expect(row).toMatchObject({
      Type: 'quote',
      Status: 'new',
      CustomerId: acme,
      CustomerCode: 'ACME',
      RequesterUid: api.accounts.buyerAcme.uid,
      RequesterEmail: api.accounts.buyerAcme.email,
      RequesterName: `${api.accounts.buyerAcme.firstName} ${api.accounts.buyerAcme.lastName}`,
      Subject: 'Spring shipper',
      UnreadByStaff: true,
      MessageCount: 0,
      Quote: null,
      Decision: null,
      Version: 1,
    });
    expect(row.Payload).toEqual({
      Lines: [
        {
          Description: 'Shipper box',
          Material: '200# C-flute kraft',
          Length: 198,
          Width: 164,
          Height: 96,
          Quantities: [500, 1000, 5000],
        },
      ],
      NeededBy: inAMonth,
      Notes: 'One-colour print.',
    });
  });

  it('ignores X-Customer-Id from a buyer, and needs it from staff', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const mine = await create('buyerAcme', quoteBody(), { 'X-Customer-Id': String(globex) });
    expect(mine.CustomerCode).toBe('ACME');
    const missing = await call(api, by('rep'), 'POST', '/api/db/requests', quoteBody());
    expect((await errorOf(missing, 400)).fields).toEqual({ 'X-Customer-Id': 'Required for staff' });
    const onBehalf = await create('rep', quoteBody('For Globex'), {
      'X-Customer-Id': String(globex),
    });
    expect(onBehalf).toMatchObject({ CustomerCode: 'GLOBEX', RequesterUid: api.accounts.rep.uid });
  });

  it('refuses a fraction outside the sixteen, beside the field', async () => {
    const bad = quoteBody('Odd', [{ ...line(), Width: { Whole: 10, Fraction: '1/3' } }]);
    const error = await errorOf(
      await call(api, by('buyerAcme'), 'POST', '/api/db/requests', bad),
      400,
    );
    expect(error).toMatchObject({
      code: 'invalid_input',
      fields: {
        'Payload.Lines.0.Width.Fraction': 'Choose one of the sixteen fractions, 0 to 15/16.',
      },
    });
  });

  it('refuses unknown fields, more than four breaks and over-long text', async () => {
    const sneaky = { ...quoteBody(), Status: 'closed' };
    const unknown = await errorOf(
      await call(api, by('buyerAcme'), 'POST', '/api/db/requests', sneaky),
      400,
    );
    expect(unknown.fields).toEqual({ Status: 'Unknown field' });
    const five = quoteBody('Five', [line([1, 2, 3, 4, 5])]);
    const breaks = await errorOf(
      await call(api, by('buyerAcme'), 'POST', '/api/db/requests', five),
      400,
    );
    expect(breaks.fields).toEqual({
      'Payload.Lines.0.Quantities': 'Give at most four quantity breaks.',
    });
    const long = { Type: 'contact', Subject: 'x'.repeat(201), Payload: { Message: 'Hi' } };
    const tooLong = await errorOf(
      await call(api, by('buyerAcme'), 'POST', '/api/db/requests', long),
      400,
    );
    expect(tooLong.fields).toEqual({ Subject: 'Keep it under 200 characters.' });
  });

  it('creates once per Idempotency-Key and answers a repeat with the first answer', async () => {
    const key = `quote-${randomUUID()}`;
    const body = quoteBody('Idempotent shipper');
    const first = await call(api, by('buyerGlobex'), 'POST', '/api/db/requests', body, {
      'Idempotency-Key': key,
    });
    const again = await call(api, by('buyerGlobex'), 'POST', '/api/db/requests', body, {
      'Idempotency-Key': key,
    });
    const a = await json<{ data: RequestRow[] }>(first, 201);
    const b = await json<{ data: RequestRow[] }>(again, 201);
    expect(b.data[0]?.Id).toBe(a.data[0]?.Id);
    expect(again.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    const made = await api.db
      .select()
      .from(requests)
      .where(eq(requests.Subject, 'Idempotent shipper'));
    expect(made).toHaveLength(1);
    const other = await call(
      api,
      by('buyerGlobex'),
      'POST',
      '/api/db/requests',
      quoteBody('Something else'),
      { 'Idempotency-Key': key },
    );
    expect((await errorOf(other, 422)).message).toMatch(/different request/);
  });

  it('lets any signed-in user write to the plant; a buyer writes for its customer, staff for themselves', async () => {
    const body = {
      Type: 'contact',
      Subject: 'Dock hours',
      Payload: { Message: 'Open on Saturday?' },
    };
    expect((await create('buyerGlobex', body)).CustomerCode).toBe('GLOBEX');
    expect((await create('webAdmin', body)).CustomerId).toBeNull();
  });

  it('refuses quote and contact requests from someone without a portal user', async () => {
    const person = await signUp('early');
    const contact = { Type: 'contact', Subject: 'Hello', Payload: { Message: 'Hi' } };
    await errorOf(await call(api, by(person), 'POST', '/api/db/requests', contact), 403);
    await errorOf(await call(api, by(person), 'POST', '/api/db/requests', quoteBody()), 403);
  });

  it('needs a token', async () => {
    expect((await api.app.request('/api/db/requests')).status).toBe(401);
  });
});

describe('who sees which request', () => {
  let acmeQuote: RequestRow;
  beforeAll(async () => {
    acmeQuote = await create('buyerAcme', quoteBody('Visible to ACME only'));
  });

  it('shows a buyer its own and its customer’s requests, never another customer’s', async () => {
    const { data } = await list('limit=200', 'buyerAcme');
    expect(data.some((r) => r.Id === acmeQuote.Id)).toBe(true);
    // The demo buyer of ACME asked this one; every ACME buyer sees it.
    expect(data.some((r) => r.Subject === 'Spring mailer program: shipper and insert')).toBe(true);
    expect(
      data.every((r) => r.CustomerCode === 'ACME' || r.RequesterUid === api.accounts.buyerAcme.uid),
    ).toBe(true);
    expect(data.some((r) => r.Type === 'access')).toBe(false);

    const globex = await list('limit=200', 'buyerGlobex');
    expect(globex.data.some((r) => r.Id === acmeQuote.Id)).toBe(false);
    await errorOf(
      await call(api, by('buyerGlobex'), 'GET', `/api/db/requests/${acmeQuote.Id}`),
      404,
    );
    await errorOf(await action(acmeQuote.Id, 'accept', 'buyerGlobex', 1), 404);
    await errorOf(
      await call(api, by('buyerGlobex'), 'POST', `/api/db/requests/${acmeQuote.Id}/messages`, {
        Body: 'Hi',
      }),
      404,
    );
  });

  it('ignores a buyer’s customer filter for another customer', async () => {
    const acme = await customerIdOf(api, 'ACME');
    const { data } = await list(`customer=${acme}&limit=200`, 'buyerGlobex');
    expect(data).toEqual([]);
  });

  it('shows administrators the whole inbox', async () => {
    const { data } = await list('limit=200', 'admin');
    const types = new Set(data.map((r) => r.Type));
    expect([...types].sort()).toEqual([...REQUEST_TYPES].sort());
    expect(new Set(data.map((r) => r.Status))).toEqual(new Set(REQUEST_STATUSES));
  });

  it('shows other staff their own, plus the customer they act for', async () => {
    const own = await list('limit=200', 'rep');
    expect(own.data.every((r) => r.RequesterUid === api.accounts.rep.uid)).toBe(true);
    const acme = await customerIdOf(api, 'ACME');
    const forAcme = await list('limit=200', 'rep', { 'X-Customer-Id': String(acme) });
    expect(forAcme.data.some((r) => r.Id === acmeQuote.Id)).toBe(true);
    // Seeing is not working: only administrators act on the inbox.
    await errorOf(await action(acmeQuote.Id, 'review', 'rep', 1), 404);
    const asRep = await call(
      api,
      by('rep'),
      'POST',
      `/api/db/requests/${acmeQuote.Id}/review`,
      undefined,
      { 'If-Match': '1', 'X-Customer-Id': String(acme) },
    );
    expect((await errorOf(asRep, 403)).message).toMatch(/not change/);
  });

  it('filters by type, status, own requests and search, newest first, a page at a time', async () => {
    const quotes = await list('type=quote&limit=200', 'admin');
    expect(quotes.data.every((r) => r.Type === 'quote')).toBe(true);
    // Newest first by when they arrived, not by number: the demo requests were made in another
    // order than their dates, so a list by number is out of date order.
    const arrived = (rows: readonly RequestRow[]) => rows.map((r) => r.CreatedDate);
    expect(arrived(quotes.data)).toEqual(arrived(quotes.data).sort().reverse());
    const all = await list('limit=200', 'admin');
    expect(arrived(all.data)).toEqual(arrived(all.data).sort().reverse());
    expect(all.data.map((r) => r.Id)).not.toEqual(all.data.map((r) => r.Id).sort((a, b) => b - a));
    // A buyer's quote list is the same list, for its customer.
    const acme = await customerIdOf(api, 'ACME');
    const acmeQuotes = await list(`type=quote&customer=${acme}&limit=200`, 'buyerAcme');
    expect(acmeQuotes.data.length).toBeGreaterThan(1);
    expect(arrived(acmeQuotes.data)).toEqual(arrived(acmeQuotes.data).sort().reverse());

    const closed = await list('status=closed&limit=200', 'admin');
    expect(closed.data.length).toBeGreaterThan(0);
    expect(closed.data.every((r) => r.Status === 'closed')).toBe(true);

    const mine = await list('mine=true&limit=200', 'buyerAcme');
    expect(mine.data.every((r) => r.RequesterUid === api.accounts.buyerAcme.uid)).toBe(true);

    const found = await list('search=freezer', 'admin');
    expect(found.data.map((r) => r.Subject)).toEqual(['Freezer-grade cases for the new line']);
    const byId = await list(`search=%23${acmeQuote.Id}`, 'admin');
    expect(byId.data.map((r) => r.Id)).toContain(acmeQuote.Id);

    const first = await list('limit=2&sort=oldest', 'admin');
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`limit=2&sort=oldest&cursor=${first.nextCursor}`, 'admin');
    // The second page continues the oldest-first order where the first one stopped.
    const pages = [...first.data, ...second.data];
    expect(arrived(pages)).toEqual(arrived(pages).sort());
    expect(new Set(pages.map((r) => r.Id)).size).toBe(4);
    // The cursor of one order is refused in the other, instead of skipping requests.
    await errorOf(
      await call(
        api,
        by('admin'),
        'GET',
        `/api/db/requests?limit=2&sort=newest&cursor=${first.nextCursor}`,
      ),
      400,
    );

    await errorOf(await call(api, by('admin'), 'GET', '/api/db/requests?sort=subject'), 400);
    await errorOf(await call(api, by('admin'), 'GET', '/api/db/requests?limit=201'), 400);
  });

  it('counts every status, and the unread ones, under the filters', async () => {
    const res = await call(api, by('admin'), 'GET', '/api/db/requests/counts?type=quote');
    const { data } = await json<{ data: unknown[] }>(res, 200);
    const counts = data.map((row) => requestCountRowSchema.parse(row));
    expect(counts.map((c) => c.Status)).toEqual([...REQUEST_STATUSES]);
    const all = await list('type=quote&limit=200', 'admin');
    for (const c of counts) {
      const inStatus = all.data.filter((r) => r.Status === c.Status);
      expect(c.Count).toBe(inStatus.length);
      expect(c.Unread).toBe(inStatus.filter((r) => r.UnreadByStaff).length);
    }
  });
});

describe('answering a quote', () => {
  let quote: RequestRow;
  beforeAll(async () => {
    quote = await create('buyerAcme', quoteBody('Two lines', [line(), line([100])]));
  });

  it('keeps staff actions from buyers (403)', async () => {
    for (const name of ['review', 'close']) {
      await errorOf(await action(quote.Id, name, 'buyerAcme', 1), 403);
    }
    const res = await action(quote.Id, 'quote', 'buyerAcme', 1, answer([[1, 0.9, 0.8], [2]]));
    expect((await errorOf(res, 403)).message).toBe(
      'Only staff can make this change to a quote request.',
    );
  });

  it('refuses an answer with a missing break or a past valid-until date', async () => {
    const missing = await action(quote.Id, 'quote', 'admin', 1, answer([[1, 0.9], [2]]));
    expect((await errorOf(missing, 400)).fields).toEqual({
      'Lines.0.UnitPrices':
        'Give a unit price for each of the 3 quantity breaks (500, 1,000, 5,000).',
    });
    const oneLine = await action(quote.Id, 'quote', 'admin', 1, answer([[1, 0.9, 0.8]]));
    expect((await errorOf(oneLine, 400)).fields).toEqual({
      Lines: 'Price each of the 2 items of the request.',
    });
    const past = await action(
      quote.Id,
      'quote',
      'admin',
      1,
      answer([[1, 0.9, 0.8], [2]], addDays(today, -3)),
    );
    expect((await errorOf(past, 400)).fields).toEqual({
      ValidUntil: 'Choose today or a later date.',
    });
    expect((await detail(quote.Id, 'admin')).Status).toBe('new');
  });

  it('needs If-Match, and refuses a stale one without changing anything', async () => {
    const body = answer([[1, 0.9, 0.8], [2]]);
    await errorOf(await action(quote.Id, 'quote', 'admin', null, body), 428);
    await errorOf(await action(quote.Id, 'quote', 'admin', 7, body), 412);
    expect((await detail(quote.Id, 'admin')).Version).toBe(1);
  });

  it('answers with prices, and the buyer accepts while the quote is valid', async () => {
    const reviewed = await acted(await action(quote.Id, 'review', 'admin', 1));
    expect(reviewed).toMatchObject({ Status: 'in_review', Version: 2, UnreadByStaff: false });
    // The buyer cannot accept what has no prices yet.
    expect((await errorOf(await action(quote.Id, 'accept', 'buyerAcme', 2), 409)).message).toBe(
      'A quote request that is in review cannot be accepted.',
    );

    const answered = await acted(
      await action(quote.Id, 'quote', 'webAdmin', 2, answer([[1.25, 1.1, 0.95], [2.5]])),
    );
    expect(answered).toMatchObject({ Status: 'answered', Version: 3 });
    expect(answered.Type === 'quote' && answered.Quote).toMatchObject({
      Lines: [{ UnitPrices: [1.25, 1.1, 0.95] }, { UnitPrices: [2.5] }],
      ValidUntil: inAMonth,
      Note: 'Freight extra.',
      QuotedBy: `${api.accounts.webAdmin.firstName} ${api.accounts.webAdmin.lastName}`,
    });

    // Only the customer's side accepts: not staff.
    await errorOf(await action(quote.Id, 'accept', 'admin', 3), 403);
    const accepted = await acted(await action(quote.Id, 'accept', 'buyerAcme', 3));
    expect(accepted).toMatchObject({ Status: 'closed', Decision: 'accepted', Version: 4 });
    await errorOf(await action(quote.Id, 'decline', 'buyerAcme', 4), 409);
  });

  it('refuses accepting or declining an expired quote (409)', async () => {
    const other = await create('buyerAcme', quoteBody('Expiring'));
    await acted(await action(other.Id, 'quote', 'admin', 1, answer()));
    // Time passes: the valid-until day is over.
    const [stored] = await api.db.select().from(requests).where(eq(requests.Id, other.Id));
    await api.db
      .update(requests)
      .set({ Quote: { ...(stored!.Quote as object), ValidUntil: addDays(today, -2) } })
      .where(eq(requests.Id, other.Id));
    const res = await action(other.Id, 'accept', 'buyerAcme', 2);
    expect((await errorOf(res, 409)).message).toMatch(/expired/);
    await errorOf(await action(other.Id, 'decline', 'buyerAcme', 2, { Reason: 'Too late' }), 409);
    const closed = await acted(await action(other.Id, 'close', 'admin', 2));
    expect(closed).toMatchObject({ Status: 'closed', Decision: null });
  });

  it('records why a buyer declined', async () => {
    const other = await create('buyerAcme', quoteBody('To decline'));
    await acted(await action(other.Id, 'quote', 'admin', 1, answer()));
    const declined = await acted(
      await action(other.Id, 'decline', 'buyerAcme', 2, { Reason: 'Found a stock size.' }),
    );
    expect(declined).toMatchObject({
      Status: 'closed',
      Decision: 'declined',
      DecisionReason: 'Found a stock size.',
    });
  });

  it('refuses a move the type does not have (409)', async () => {
    const contact = await create('buyerAcme', {
      Type: 'contact',
      Subject: 'Hi',
      Payload: { Message: 'Hello' },
    });
    const res = await action(contact.Id, 'quote', 'admin', 1, answer());
    expect((await errorOf(res, 409)).message).toBe(
      'A contact message cannot be answered with prices.',
    );
  });

  it('audits each change with before and after', async () => {
    const entries = await api.db
      .select()
      .from(events)
      .where(eq(events.EntityId, String(quote.Id)))
      .orderBy(events.Id);
    const onRequest = entries.filter((e) => e.Entity === 'requests');
    expect(onRequest.map((e) => [e.Action, (e.After as { Status: string }).Status])).toEqual([
      ['create', 'new'],
      ['update', 'in_review'],
      ['update', 'answered'],
      ['update', 'closed'],
    ]);
    expect(onRequest[1]?.Before).toMatchObject({ Status: 'new' });
  });
});

describe('threads and unread marks', () => {
  it('carries a contact message’s thread between the sender and staff', async () => {
    const sent = await create('buyerGlobex', {
      Type: 'contact',
      Subject: 'Pallet labels',
      Payload: { Message: 'Which label format?' },
    });
    expect(sent.UnreadByStaff).toBe(true);

    // Opening is not reading: only the explicit read mark clears it, and keeps the Version.
    expect((await detail(sent.Id, 'admin')).UnreadByStaff).toBe(true);
    await errorOf(
      await call(api, by('buyerGlobex'), 'POST', `/api/db/requests/${sent.Id}/read`),
      403,
    );
    const read = await acted(
      await call(api, by('admin'), 'POST', `/api/db/requests/${sent.Id}/read`),
    );
    expect(read).toMatchObject({ UnreadByStaff: false, Version: 1 });

    const reply = await call(api, by('admin'), 'POST', `/api/db/requests/${sent.Id}/messages`, {
      Body: 'GS1-128, please.',
    });
    const { data } = await json<{ data: Array<{ FromStaff: boolean; AuthorName: string }> }>(
      reply,
      201,
    );
    expect(data[0]).toMatchObject({
      FromStaff: true,
      AuthorName: `${api.accounts.admin.firstName} ${api.accounts.admin.lastName}`,
    });

    const seen = await detail(sent.Id, 'buyerGlobex');
    expect(seen).toMatchObject({ Status: 'answered', MessageCount: 1, UnreadByStaff: false });
    expect(seen.Messages.map((m) => [m.FromStaff, m.Body])).toEqual([[true, 'GS1-128, please.']]);

    // The sender writes back: unread for staff again, and back in review.
    await json(
      await call(api, by('buyerGlobex'), 'POST', `/api/db/requests/${sent.Id}/messages`, {
        Body: 'Thanks! Both sides?',
      }),
      201,
    );
    const after = await detail(sent.Id, 'admin');
    expect(after).toMatchObject({ Status: 'in_review', UnreadByStaff: true, MessageCount: 2 });
    expect(
      (await list('unread=true&type=contact&limit=200', 'admin')).data.map((r) => r.Id),
    ).toContain(sent.Id);

    const closed = await acted(await action(sent.Id, 'close', 'admin', after.Version));
    expect(closed.Status).toBe('closed');
    const late = await call(
      api,
      by('buyerGlobex'),
      'POST',
      `/api/db/requests/${sent.Id}/messages`,
      { Body: 'One more thing' },
    );
    expect((await errorOf(late, 409)).message).toMatch(/closed/);
  });

  it('writes a message once per Idempotency-Key', async () => {
    const sent = await create('buyerGlobex', {
      Type: 'contact',
      Subject: 'Once',
      Payload: { Message: 'Hello' },
    });
    const headers = { 'Idempotency-Key': `msg-${randomUUID()}` };
    const path = `/api/db/requests/${sent.Id}/messages`;
    const a = await json<{ data: Array<{ Id: number }> }>(
      await call(api, by('buyerGlobex'), 'POST', path, { Body: 'Hi' }, headers),
      201,
    );
    const b = await json<{ data: Array<{ Id: number }> }>(
      await call(api, by('buyerGlobex'), 'POST', path, { Body: 'Hi' }, headers),
      201,
    );
    expect(b.data[0]?.Id).toBe(a.data[0]?.Id);
    expect((await detail(sent.Id, 'buyerGlobex')).MessageCount).toBe(1);
  });
});

describe('access requests', () => {
  it('lets a sign-up ask once, with the account’s own email, and see only its own request', async () => {
    const person = await signUp('nia');
    const row = await create(person, accessBody());
    expect(row).toMatchObject({
      Type: 'access',
      Status: 'new',
      CustomerId: null,
      UserId: null,
      RequesterUid: person.uid,
      RequesterEmail: person.email,
      RequesterName: 'Nia New',
      Subject: 'Access for Nia New (Corp Ltd)',
    });
    const again = await call(api, by(person), 'POST', '/api/db/requests', accessBody());
    expect((await errorOf(again, 409)).message).toMatch(/already waiting/);

    const own = await list('type=access', person);
    expect(own.data.map((r) => r.Id)).toEqual([row.Id]);
    const everything = await list('limit=200', person);
    expect(everything.data.map((r) => r.Id)).toEqual([row.Id]);
    // Another person's request is out of reach.
    const [seeded] = await api.db
      .select()
      .from(requests)
      .where(eq(requests.RequesterUid, 'demo-pending'));
    await errorOf(await call(api, by(person), 'GET', `/api/db/requests/${seeded!.Id}`), 404);
  });

  it('tells staff whether an access request comes from a proven address', async () => {
    const unproven = await signUp('unproven');
    const row = await create(unproven, accessBody('Unproven Co'));
    expect(row.RequesterEmailVerified).toBe(false);
    expect((await detail(row.Id, 'admin')).RequesterEmailVerified).toBe(false);
    // Staff opening the request see it proven once the person followed the link.
    await confirmEmail(api, unproven.email, unproven.token);
    expect((await detail(row.Id, 'admin')).RequesterEmailVerified).toBe(true);
    expect((await list('type=access', 'admin')).data.find((r) => r.Id === row.Id)).toMatchObject({
      RequesterEmailVerified: true,
    });

    const proven = await signUp('proven');
    await api.auth.updateUser(proven.uid, { emailVerified: true });
    const token = await signIn(api.emulatorHost, proven.email, DEMO_PASSWORD);
    const provenRow = await create({ ...proven, token }, accessBody('Proven Co'));
    expect(provenRow.RequesterEmailVerified).toBe(true);
  });

  it('refuses an access request from someone who already has a portal user', async () => {
    const res = await call(api, by('buyerAcme'), 'POST', '/api/db/requests', accessBody());
    expect((await errorOf(res, 409)).message).toMatch(/already has access/);
  });

  it('approving creates the user row with the chosen role and customer; the person can then sign in', async () => {
    const person = await signUp('approved');
    const row = await create(person, accessBody('Acme Packaging'));
    const userPath = `/api/db/users/uid/${person.uid}`;
    await json(await call(api, by(person), 'GET', userPath), 404);

    // Buyers cannot even see it.
    await errorOf(
      await action(row.Id, 'approve', 'buyerAcme', 1, {
        RoleId: ROLES.Customer.RoleId,
        CustomerId: 1,
      }),
      404,
    );
    const noCustomer = await action(row.Id, 'approve', 'admin', 1, {
      RoleId: ROLES.Customer.RoleId,
    });
    expect((await errorOf(noCustomer, 400)).fields).toEqual({
      CustomerId: 'Choose the customer this person works for.',
    });

    const acme = await customerIdOf(api, 'ACME');
    const asBuyer = { RoleId: ROLES.Customer.RoleId, CustomerId: acme };
    // Firebase is asked at approval time: the address is not proven yet.
    const unproven = await errorOf(await action(row.Id, 'approve', 'admin', 1, asBuyer), 409);
    expect(unproven.message).toMatch(/has not confirmed this email address/);
    expect((await detail(row.Id, 'admin')).Decision).toBeNull();

    await confirmEmail(api, person.email, person.token);
    const approved = await acted(await action(row.Id, 'approve', 'admin', 1, asBuyer));
    expect(approved).toMatchObject({
      Status: 'closed',
      Decision: 'approved',
      CustomerId: null,
      // Recorded from Firebase's answer, not from the token the person asked with.
      RequesterEmailVerified: true,
    });
    expect(approved.UserId).toEqual(expect.any(Number));
    // The thread says what access was given; ACME's buyers do not see the sign-up's details.
    const seen = await detail(row.Id, person);
    expect(seen.Messages.map((m) => [m.FromStaff, m.Body])).toEqual([
      [true, 'Approved: Customer for Acme Packaging (ACME). You can sign in to the portal now.'],
    ]);
    await errorOf(await call(api, by('buyerAcme'), 'GET', `/api/db/requests/${row.Id}`), 404);

    // The token from before the address was proven does not open the new user (decision 016):
    // its own record answers as still waiting, everything else is refused.
    const stale = await errorOf(await call(api, by(person), 'GET', userPath), 404);
    expect(stale.message).toMatch(/Confirm your email address first/);
    expect(
      (await errorOf(await call(api, by(person), 'GET', '/api/db/customers'), 403)).message,
    ).toMatch(/Confirm your email address first/);
    // …but still reads its own access request, with the decision.
    expect((await list('type=access&mine=true', person)).data[0]?.Decision).toBe('approved');

    const fresh = { token: await signIn(api.emulatorHost, person.email, DEMO_PASSWORD) };
    const me = await json<{ data: Array<Record<string, unknown>> }>(
      await call(api, by(fresh), 'GET', userPath),
      200,
    );
    expect(me.data[0]).toMatchObject({
      Uid: person.uid,
      Email: person.email,
      FirstName: 'Nia',
      LastName: 'New',
      RoleName: 'Customer',
      CustomerCode: 'ACME',
      Active: true,
    });
    await errorOf(await action(row.Id, 'reject', 'admin', 2, { Reason: 'Changed my mind' }), 409);
  });

  it('refuses approving as a buyer of an inactive customer', async () => {
    const person = await signUp('inactive');
    const row = await create(person, accessBody('Umbrella'));
    const [user] = await api.db
      .select()
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerUmbrella.uid));
    const res = await action(row.Id, 'approve', 'admin', 1, {
      RoleId: ROLES.Customer.RoleId,
      CustomerId: user!.CustomerId,
    });
    expect((await errorOf(res, 400)).fields).toEqual({ CustomerId: 'Choose an active customer.' });
  });

  it('rejecting records a reason the person reads, and lets them ask again', async () => {
    const person = await signUp('rejected');
    const row = await create(person, accessBody());
    await errorOf(await action(row.Id, 'reject', 'admin', 1, { Reason: '' }), 400);
    const rejected = await acted(
      await action(row.Id, 'reject', 'admin', 1, {
        Reason: 'Please ask your purchasing manager to invite you.',
      }),
    );
    expect(rejected).toMatchObject({ Status: 'closed', Decision: 'rejected' });

    const { data } = await list('type=access&mine=true', person);
    expect(data[0]).toMatchObject({
      Decision: 'rejected',
      DecisionReason: 'Please ask your purchasing manager to invite you.',
    });
    await json(await call(api, by(person), 'GET', `/api/db/users/uid/${person.uid}`), 404);
    expect((await create(person, accessBody('Corp Ltd, purchasing'))).Status).toBe('new');
  });

  it('may not be closed without a decision', async () => {
    const person = await signUp('limbo');
    const row = await create(person, accessBody());
    expect((await errorOf(await action(row.Id, 'close', 'admin', 1), 409)).message).toBe(
      'An access request cannot be closed.',
    );
  });

  it('rate-limits access requests per account, with Retry-After', async () => {
    const person = await signUp('hammer');
    const headers = { 'X-Forwarded-For': `10.1.${Math.floor(Math.random() * 250)}.1` };
    await create(person, accessBody(), headers);
    const statuses: number[] = [];
    for (let i = 1; i < ACCESS_REQUEST_LIMITS.perAccount.limit + 2; i++) {
      const res = await call(api, by(person), 'POST', '/api/db/requests', accessBody(), headers);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect((await errorOf(res, 429)).code).toBe('too_many_requests');
      }
    }
    // Refused attempts count too: 409 (already waiting) until the window is full, then 429.
    const limit = ACCESS_REQUEST_LIMITS.perAccount.limit;
    expect(statuses).toEqual([...Array(limit - 1).fill(409), 429, 429]);
    expect((await list('type=access', person)).data).toHaveLength(1);
  });

  it('rate-limits access requests per address across accounts', async () => {
    const headers = { 'X-Forwarded-For': `203.0.113.7, 10.9.${Math.floor(Math.random() * 250)}.9` };
    const limit = ACCESS_REQUEST_LIMITS.perAddress.limit;
    const people = await Promise.all(
      Array.from({ length: limit + 1 }, (_, i) => signUp(`flood${i}`)),
    );
    const statuses: number[] = [];
    for (const person of people) {
      statuses.push(
        (await call(api, by(person), 'POST', '/api/db/requests', accessBody(), headers)).status,
      );
    }
    expect(statuses).toEqual([...Array(limit).fill(201), 429]);
  });
});

describe('the demo seed', () => {
  it('has requests of every type and status', async () => {
    const rows = await api.db
      .select({ Type: requests.Type, Status: requests.Status })
      .from(requests)
      .where(eq(requests.RequesterUid, 'demo-buyer-acme'));
    expect(rows.length).toBeGreaterThan(0);
    const { data } = await list('limit=200&sort=oldest', 'admin');
    const seeded = data.filter((r) => r.RequesterUid.startsWith('demo-'));
    for (const type of REQUEST_TYPES) expect(seeded.some((r) => r.Type === type)).toBe(true);
    for (const status of REQUEST_STATUSES)
      expect(seeded.some((r) => r.Status === status)).toBe(true);
  });
});
