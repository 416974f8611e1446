/**
 * Pruning of rows that stopped mattering: old rate-limit windows, old idempotent answers, old
 * copies of drawn documents.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnDocuments, idempotencyKeys, rateLimits } from '../../src/server/db/schema';
import { pruneExpired, RETENTION } from '../../src/server/jobs/housekeeping';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

describe('pruneExpired', () => {
  it('removes rate-limit windows, idempotent answers and drawn documents past their retention, and only those', async () => {
    const { db } = api.deps;
    const tag = randomUUID();
    const bucket = (name: string) => `test:${tag}:${name}`;
    await db.insert(rateLimits).values([
      { Bucket: bucket('current'), WindowStart: hoursAgo(0), Count: 3 },
      { Bucket: bucket('recent'), WindowStart: hoursAgo(RETENTION.rateLimitHours - 1), Count: 9 },
      { Bucket: bucket('old'), WindowStart: hoursAgo(RETENTION.rateLimitHours + 1), Count: 9 },
    ]);
    const answer = (key: string, hours: number) => ({
      PrincipalUid: `uid-${tag}`,
      Scope: 'POST /api/db/orders',
      Key: key,
      RequestHash: 'h',
      Status: 201,
      Body: { data: [] },
      CreatedDate: hoursAgo(hours),
    });
    const days = RETENTION.idempotencyDays * 24;
    await db.insert(idempotencyKeys).values([answer('fresh', 1), answer('stale', days + 1)]);
    const drawn = (name: string, hours: number) => ({
      Key: `${tag}-${name}`,
      Kind: 'packing-list',
      Content: new Uint8Array([37, 80, 68, 70]),
      CreatedDate: hoursAgo(hours),
    });
    const documentDays = RETENTION.drawnDocumentDays * 24;
    await db
      .insert(drawnDocuments)
      .values([drawn('recent', documentDays - 1), drawn('old', documentDays + 1)]);

    const pruned = await pruneExpired(db);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);

    const buckets = await db
      .select({ Bucket: rateLimits.Bucket })
      .from(rateLimits)
      .where(inArray(rateLimits.Bucket, [bucket('current'), bucket('recent'), bucket('old')]));
    expect(buckets.map((b) => b.Bucket).sort()).toEqual([bucket('current'), bucket('recent')]);
    const keys = await db
      .select({ Key: idempotencyKeys.Key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.PrincipalUid, [`uid-${tag}`]));
    expect(keys.map((k) => k.Key)).toEqual(['fresh']);
    expect(pruned.drawnDocuments).toBeGreaterThanOrEqual(1);
    const documents = await db
      .select({ Key: drawnDocuments.Key })
      .from(drawnDocuments)
      .where(inArray(drawnDocuments.Key, [`${tag}-recent`, `${tag}-old`]));
    expect(documents.map((d) => d.Key)).toEqual([`${tag}-recent`]);
  });
});
