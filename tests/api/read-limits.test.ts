/**
 * What one person may take of a process (docs/decisions/037): a few requests at a time, the rest
 * waiting their turn in a short queue and refused past it; a budget of reads; a strict budget of
 * documents, counted in the database; and packing lists drawn once and served again as the same
 * bytes until what they show changes. Every refusal is the API's 429 with `Retry-After`, and
 * other people are not held back.
 */
import { count, desc, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { createApp } from '../../src/server/app';
import { customers, drawnDocuments, rateLimits, shipments } from '../../src/server/db/schema';
import { PERSON_LOAD, PersonLoad } from '../../src/server/http/person-load';
import { READ_LIMITS } from '../../src/server/http/rate-limit';
import { setupApi, type AccountKey, type TestApi } from './support';
import { API_WAIT_MS } from '../../scripts/lib/constants';

let api: TestApi;
let acme: number;
/** Two shipments of ACME: one for the documents' budget, one for the packing list's copy. */
let budgetShipment: number;
let drawnShipment: number;
beforeAll(async () => {
  api = await setupApi();
  const [found] = await api.db
    .select({ Id: customers.Id })
    .from(customers)
    .where(eq(customers.CustomerCode, 'ACME'));
  acme = found!.Id;
  const two = await api.db
    .select({ Id: shipments.Id })
    .from(shipments)
    .where(eq(shipments.CustomerId, acme))
    .orderBy(desc(shipments.Id))
    .limit(2);
  expect(two).toHaveLength(2);
  [budgetShipment, drawnShipment] = two.map((s) => s.Id) as [number, number];
});
afterAll(() => api?.close());

/** A GET of `path` as `who` on `app` (the file's own app unless another is given). */
async function read(
  who: AccountKey,
  path: string,
  {
    app = api.app,
    headers = {},
  }: { app?: ReturnType<typeof createApp>; headers?: Record<string, string> } = {},
): Promise<Response> {
  return app.request(path, {
    headers: { Authorization: `Bearer ${await api.token(who)}`, ...headers },
  });
}

async function expectTooMany(res: Response, maxRetryAfter: number, message: RegExp) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe(ERROR_CODES.tooMany);
  expect(error.message).toMatch(message);
}

const CHEAP = '/api/db/notifications/unread-count';

describe('requests of one person at once', () => {
  it('serve a page’s burst whole: within those running and waiting, every one succeeds', async () => {
    const burst = PERSON_LOAD.running + PERSON_LOAD.waiting;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => read('buyerAcme', CHEAP)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(burst).fill(200));
  });

  it('wait for a turn past those running, are refused past the queue, and hold no one else', async () => {
    const load = new PersonLoad();
    const app = createApp({ ...api.deps, personLoad: load });
    const uid = api.accounts.buyerAcme.uid;
    // The person's running turns are all taken (as by slow requests in flight)…
    const held = await Promise.all(
      Array.from({ length: PERSON_LOAD.running }, () => load.enter(uid)),
    );
    const releases = held.map((turn) => {
      if (typeof turn !== 'function') throw new Error('a free turn was refused');
      return turn;
    });
    // …so a burst waits, all of it, in the queue…
    const waiting = Array.from({ length: PERSON_LOAD.waiting }, () =>
      read('buyerAcme', CHEAP, { app }),
    );
    await vi.waitFor(() => expect(load.waitingOf(uid)).toBe(PERSON_LOAD.waiting), {
      timeout: API_WAIT_MS,
    });
    // …more than that is refused at once, with a short Retry-After…
    for (let n = 0; n < 3; n++) {
      await expectTooMany(await read('buyerAcme', CHEAP, { app }), 1, /at once/);
    }
    // …and another person is served meanwhile, without waiting.
    expect((await read('buyerGlobex', CHEAP, { app })).status).toBe(200);
    for (const release of releases) release();
    const answers = await Promise.all(waiting);
    expect(answers.map((r) => r.status)).toEqual(Array(PERSON_LOAD.waiting).fill(200));
    expect(load.waitingOf(uid)).toBe(0);
  });
});

describe('the budget of reads', () => {
  it('refuses reads past it with Retry-After, counts no writes, and holds no one else', async () => {
    const reads = { limit: 5, windowSeconds: 60 };
    const app = createApp({ ...api.deps, personLoad: new PersonLoad({ ...PERSON_LOAD, reads }) });
    for (let n = 0; n < reads.limit; n++) {
      expect((await read('buyerAcme', CHEAP, { app })).status).toBe(200);
    }
    await expectTooMany(
      await read('buyerAcme', CHEAP, { app }),
      reads.windowSeconds,
      /too many requests/,
    );
    // A write is no read: its own limits apply.
    const write = await app.request('/api/db/notifications/read-all', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await api.token('buyerAcme')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ UpToId: 1 }),
    });
    expect(write.status).toBe(204);
    expect((await read('buyerGlobex', CHEAP, { app })).status).toBe(200);
  });

  it('is generous by default: no real use of the app meets it', () => {
    // A page opens with about six reads; a CSV export of 10,000 rows reads 50 pages.
    expect(PERSON_LOAD.reads.limit / PERSON_LOAD.reads.windowSeconds).toBeGreaterThanOrEqual(10);
  });
});

describe('documents', () => {
  const packingList = (id: number) => `/api/db/shipments/${id}/packing-list`;
  const staffHeaders = () => ({ 'X-Customer-Id': String(acme) });

  it('are served again as the same bytes, drawn once, and drawn anew when what they show changes', async () => {
    const first = await read('rep', packingList(drawnShipment), { headers: staffHeaders() });
    expect(first.status).toBe(200);
    const bytes = new Uint8Array(await first.arrayBuffer());
    const second = await read('rep', packingList(drawnShipment), { headers: staffHeaders() });
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    const kept = async () =>
      (
        await api.db
          .select({ n: count() })
          .from(drawnDocuments)
          .where(eq(drawnDocuments.Kind, 'packing-list'))
      )[0]!.n;
    expect(await kept()).toBe(1);

    // The customer is renamed: the next packing list shows the new name.
    const [before] = await api.db.select().from(customers).where(eq(customers.Id, acme));
    const renamed = `${before!.CustomerName} Holdings`;
    await api.db.update(customers).set({ CustomerName: renamed }).where(eq(customers.Id, acme));
    try {
      const third = await read('rep', packingList(drawnShipment), { headers: staffHeaders() });
      const redrawn = new Uint8Array(await third.arrayBuffer());
      expect(redrawn).not.toEqual(bytes);
      expect(await pdfText(redrawn)).toContain(renamed);
      expect(await kept()).toBe(2);
      const fourth = await read('rep', packingList(drawnShipment), { headers: staffHeaders() });
      expect(new Uint8Array(await fourth.arrayBuffer())).toEqual(redrawn);
    } finally {
      await api.db
        .update(customers)
        .set({ CustomerName: before!.CustomerName })
        .where(eq(customers.Id, acme));
    }
    // Back to the old name: the copy drawn for it is served again.
    const fifth = await read('rep', packingList(drawnShipment), { headers: staffHeaders() });
    expect(new Uint8Array(await fifth.arrayBuffer())).toEqual(bytes);
  });

  it('have a strict budget per person, packing lists and proofs together, counted in the database', async () => {
    const rule = READ_LIMITS.document;
    // Windows are aligned on the database's clock: downloads that straddle the end of one begin
    // the count again in the next. So the person downloads until refused (two windows' worth at
    // most), and the refusal must come once the window in force holds the whole budget.
    let downloaded = 0;
    let refused: Response | undefined;
    while (!refused && downloaded <= 2 * rule.limit) {
      const res = await read('buyerAcme', packingList(budgetShipment));
      if (res.status === 200) {
        await res.arrayBuffer();
        downloaded += 1;
      } else refused = res;
    }
    expect(downloaded).toBeGreaterThanOrEqual(rule.limit);
    await expectTooMany(refused!, rule.windowSeconds, /documents/);
    // The proofs are documents too (refused before anything is looked up).
    await expectTooMany(
      await read('buyerAcme', `/api/db/shipments/${budgetShipment}/proof`),
      rule.windowSeconds,
      /documents/,
    );
    // Counted in the database, so every replica refuses alike; past the limit this process
    // refuses from memory until the window ends, without a write per refusal.
    const [counter] = await api.db
      .select({ Count: rateLimits.Count })
      .from(rateLimits)
      .where(eq(rateLimits.Bucket, `read:document:${api.accounts.buyerAcme.uid}`))
      .orderBy(desc(rateLimits.WindowStart))
      .limit(1);
    expect(counter?.Count).toBe(rule.limit + 1);
    // Another person, and the same person's other reads, go on.
    expect(
      (await read('rep', packingList(budgetShipment), { headers: staffHeaders() })).status,
    ).toBe(200);
    expect((await read('buyerAcme', CHEAP)).status).toBe(200);
  });
});

/** The text of a PDF's pages, as a reader extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}
