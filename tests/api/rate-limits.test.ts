/**
 * Per-person limits on the writes people can repeat (src/server/http/rate-limit.ts): past its
 * limit a person is answered 429 with `Retry-After`, nothing more is written, and other people go
 * on.
 * The counts are kept in the database, so every replica of the API refuses alike.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { requestMessages, requests } from '../../src/server/db/schema';
import { createApp } from '../../src/server/app';
import { PERSON_LOAD, PersonLoad } from '../../src/server/http/person-load';
import { WRITE_LIMITS, type WriteLimitRule } from '../../src/server/http/rate-limit';
import { call, setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const contact = (n: number) => ({
  Type: 'contact',
  Subject: `Question ${n}`,
  Payload: { Message: 'When does the next truck leave?' },
});

/** Asserts that exactly `rule.limit` answers were `created`, and every other a proper 429. */
async function expectLimited(answers: Response[], created: number, rule: WriteLimitRule) {
  const statuses = answers.map((res) => res.status);
  expect(statuses.filter((s) => s === created)).toHaveLength(rule.limit);
  expect(statuses.filter((s) => s === 429)).toHaveLength(answers.length - rule.limit);
  for (const res of answers.filter((r) => r.status === 429)) {
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe(ERROR_CODES.tooMany);
    expect(error.message).toMatch(/too many/);
  }
}

describe('per-person limits on writes', () => {
  it('refuses a buyer’s contact messages sent at once past the limit, and not another buyer’s', async () => {
    const rule = WRITE_LIMITS.request;
    const sent = rule.limit + 40;
    // All at once to the database's counter: the app's own turns for one person (four running,
    // sixteen waiting, the rest refused: http/person-load.ts) are widened for this flood.
    const together = api.withApp(
      createApp({
        ...api.deps,
        personLoad: new PersonLoad({ ...PERSON_LOAD, running: sent, waiting: 0 }),
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, n) =>
        call(together, { as: 'buyerAcme' }, 'POST', '/api/db/requests', contact(n)),
      ),
    );
    await expectLimited(answers, 201, rule);
    const [stored] = await api.db
      .select({ n: count() })
      .from(requests)
      .where(
        and(eq(requests.RequesterUid, api.accounts.buyerAcme.uid), eq(requests.Type, 'contact')),
      );
    expect(stored!.n).toBe(rule.limit);
    // Another buyer, at the same moment, is not held back by the first one's flood.
    expect(
      (await call(api, { as: 'buyerGlobex' }, 'POST', '/api/db/requests', contact(0))).status,
    ).toBe(201);
  });

  it('refuses an unapproved sign-up’s messages on its own access request past the limit', async () => {
    const created = await call(api, { as: 'pending' }, 'POST', '/api/db/requests', {
      Type: 'access',
      Payload: {
        FirstName: 'Pat',
        LastName: 'Pending',
        Company: 'Pending Corp',
        Phone: '',
        Details: 'We buy boxes.',
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { data } = (await created.json()) as { data: [{ Id: number }] };
    const id = data[0].Id;
    const rule = WRITE_LIMITS.message;
    const answers: Response[] = [];
    for (let n = 0; n < rule.limit + 20; n++) {
      answers.push(
        await call(api, { as: 'pending' }, 'POST', `/api/db/requests/${id}/messages`, {
          Body: `Hello ${n}`,
        }),
      );
    }
    await expectLimited(answers, 201, rule);
    const [stored] = await api.db
      .select({ n: count() })
      .from(requestMessages)
      .where(
        and(
          eq(requestMessages.RequestId, id),
          eq(requestMessages.AuthorUid, api.accounts.pending.uid),
        ),
      );
    expect(stored!.n).toBe(rule.limit);
    // Staff answer on the same thread: the limit is the sign-up's own.
    expect(
      (await call(api, { as: 'admin' }, 'POST', `/api/db/requests/${id}/messages`, { Body: 'Hi!' }))
        .status,
    ).toBe(201);
  });
});
