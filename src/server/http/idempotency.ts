/**
 * Idempotent creates (docs/product/api.md#idempotency): a creating POST that carries
 * `Idempotency-Key` runs once per (caller, customer, method, concrete path, key). A repeat — a
 * retry after a lost answer, an outbox resent after a reload, a double tap — gets the first answer
 * back instead of a second order. The key stands for that one request only: staff reusing it for
 * another customer, or anyone on another order's path, create afresh instead of being shown the
 * first answer, and the same key with a different body is a 422 (as the well-known payment APIs
 * answer).
 *
 * The key row is inserted in the same transaction as the create. On PostgreSQL a concurrent
 * repeat blocks on the key's primary key until the first transaction ends, then finds the stored
 * answer; if the first one failed, its key row rolled back with it and the repeat runs afresh.
 * Kept in the database, so any number of API replicas agree.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../shared/api';
import type { JsonAnswer } from './answers';
import type { AppEnv } from './context';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { conflict, idempotencyKeyReused, invalidInput } from './errors';

export interface Created<T, S extends ContentfulStatusCode = ContentfulStatusCode> {
  status: S;
  body: T;
}

const KEY_PATTERN = /^[\w.:-]{8,200}$/;

/**
 * Runs `create` in a transaction, at most once per Idempotency-Key, and answers with its result
 * (or the stored result of the first run). Without the header it simply runs.
 *
 * @param request the validated request body, hashed so a reused key with another body is refused
 * @param customerId the customer the create is for (a buyer's own, or the one staff act for);
 *   null when it is for none
 */
export async function createIdempotently<T, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  request: unknown,
  create: (tx: Db) => Promise<Created<T, S>>,
  { customerId = null }: { customerId?: number | null } = {},
): Promise<JsonAnswer<T, S>> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const db = c.get('db');
  if (key === undefined) {
    const result = await db.transaction((tx) => create(tx));
    return c.json(result.body, result.status);
  }
  if (!KEY_PATTERN.test(key)) {
    throw invalidInput(`${IDEMPOTENCY_HEADER} must be 8–200 letters, digits, or . _ : -`, {
      [IDEMPOTENCY_HEADER]: 'Not a valid key',
    });
  }
  const where = {
    PrincipalUid: c.get('principal').uid,
    // The concrete path, ids included: a key used on one order means nothing on another.
    Scope: `${c.req.method} ${c.req.path}${customerId === null ? '' : ` customer ${customerId}`}`,
    Key: key,
  };
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');

  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...where, RequestHash: requestHash })
      .onConflictDoNothing()
      .returning({ Key: idempotencyKeys.Key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.PrincipalUid, where.PrincipalUid),
            eq(idempotencyKeys.Scope, where.Scope),
            eq(idempotencyKeys.Key, where.Key),
          ),
        );
      if (!first || first.Status === null) {
        throw conflict('The same request is still being processed; try again in a moment.');
      }
      if (first.RequestHash !== requestHash) {
        throw idempotencyKeyReused(
          `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
        );
      }
      // The stored answer is the one `create` gave the first time, so it has its type.
      return { replayed: true, status: first.Status as S, body: first.Body as T };
    }
    const result = await create(tx);
    await tx
      .update(idempotencyKeys)
      .set({ Status: result.status, Body: result.body as object })
      .where(
        and(
          eq(idempotencyKeys.PrincipalUid, where.PrincipalUid),
          eq(idempotencyKeys.Scope, where.Scope),
          eq(idempotencyKeys.Key, where.Key),
        ),
      );
    return { replayed: false, status: result.status, body: result.body };
  });

  if (outcome.replayed) c.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return c.json(outcome.body, outcome.status);
}
