import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { createOutbox, type OutboxEntry, type OutboxStorage } from './outbox';

function memoryStorage(): OutboxStorage & { data: Map<string, OutboxEntry[]> } {
  const data = new Map<string, OutboxEntry[]>();
  return {
    data,
    read: async (uid) => structuredClone(data.get(uid) ?? []),
    write: async (uid, entries) => void data.set(uid, structuredClone(entries)),
    clear: async (uid) => void data.delete(uid),
  };
}

const order = (label: string) => ({
  kind: 'order' as const,
  label,
  path: '/api/db/orders',
  body: { PoNumber: label },
  customerId: 7,
});

describe('outbox', () => {
  it('queues entries per person with their own idempotency key', async () => {
    const storage = memoryStorage();
    const outbox = createOutbox(storage, vi.fn());
    const a = await outbox.enqueue('u1', order('PO-1'));
    const b = await outbox.enqueue('u1', order('PO-2'));
    await outbox.enqueue('u2', order('PO-3'));
    expect((await outbox.entries('u1')).map((e) => [e.label, e.status])).toEqual([
      ['PO-1', 'queued'],
      ['PO-2', 'queued'],
    ]);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(await outbox.entries('u2')).toHaveLength(1);
  });

  it('sends in order and marks each sent with the created id', async () => {
    const sent: string[] = [];
    const outbox = createOutbox(memoryStorage(), async (entry) => {
      sent.push(entry.label);
      return sent.length * 10;
    });
    await outbox.enqueue('u1', order('PO-1'));
    await outbox.enqueue('u1', order('PO-2'));
    await outbox.flush('u1');
    expect(sent).toEqual(['PO-1', 'PO-2']);
    expect((await outbox.entries('u1')).map((e) => [e.status, e.resultId])).toEqual([
      ['sent', 10],
      ['sent', 20],
    ]);
    await outbox.flush('u1');
    expect(sent).toHaveLength(2);
  });

  it('keeps what the server made of an entry when it is news: an order waiting for approval', async () => {
    const outbox = createOutbox(memoryStorage(), async (entry) =>
      entry.label === 'PO-2'
        ? { id: 7, outcome: 'Awaiting approval: it is over your spending limit.' }
        : { id: 6 },
    );
    await outbox.enqueue('u1', order('PO-1'));
    await outbox.enqueue('u1', order('PO-2'));
    await outbox.flush('u1');
    expect((await outbox.entries('u1')).map((e) => [e.status, e.resultId, e.outcome])).toEqual([
      ['sent', 6, undefined],
      ['sent', 7, 'Awaiting approval: it is over your spending limit.'],
    ]);
  });

  it('stops at a network failure and keeps the rest queued, in order', async () => {
    let online = false;
    const send = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return 1;
    });
    const outbox = createOutbox(memoryStorage(), send);
    await outbox.enqueue('u1', order('PO-1'));
    await outbox.enqueue('u1', order('PO-2'));
    await outbox.flush('u1');
    expect(send).toHaveBeenCalledTimes(1);
    expect((await outbox.entries('u1')).map((e) => e.status)).toEqual(['queued', 'queued']);
    online = true;
    await outbox.flush('u1');
    expect((await outbox.entries('u1')).map((e) => e.status)).toEqual(['sent', 'sent']);
  });

  it.each([
    [503, 'unavailable'],
    [429, 'too_many_requests'],
  ] as const)(
    'keeps entries queued while the server answers %i (%s), as when offline',
    async (status, code) => {
      let available = false;
      const outbox = createOutbox(memoryStorage(), async () => {
        if (!available) throw new ApiRequestError(status, code, 'Try again in a moment.');
        return 1;
      });
      await outbox.enqueue('u1', order('PO-1'));
      await outbox.flush('u1');
      expect((await outbox.entries('u1')).map((e) => e.status)).toEqual(['queued']);
      available = true;
      await outbox.flush('u1');
      expect((await outbox.entries('u1')).map((e) => e.status)).toEqual(['sent']);
    },
  );

  it('keeps the server refusal with the entry and goes on with the next', async () => {
    const outbox = createOutbox(memoryStorage(), async (entry) => {
      if (entry.label === 'PO-1') {
        throw new ApiRequestError(400, 'invalid_input', 'Some input is not valid.', {
          PoNumber: 'Required',
        });
      }
      return 5;
    });
    await outbox.enqueue('u1', order('PO-1'));
    await outbox.enqueue('u1', order('PO-2'));
    await outbox.flush('u1');
    const [refused, next] = await outbox.entries('u1');
    expect(refused).toMatchObject({
      status: 'failed',
      error: { message: 'Some input is not valid.', fields: { PoNumber: 'Required' } },
    });
    expect(next?.status).toBe('sent');
    expect((await outbox.unsent('u1')).map((e) => e.label)).toEqual(['PO-1']);
  });

  it('runs one flush at a time, so nothing is sent twice', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async () => {
      await gate;
      return 1;
    });
    const outbox = createOutbox(memoryStorage(), send);
    await outbox.enqueue('u1', order('PO-1'));
    const first = outbox.flush('u1');
    const second = outbox.flush('u1');
    release();
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('discards, clears sent entries, and forgets everything of a person at sign-out', async () => {
    const storage = memoryStorage();
    const outbox = createOutbox(storage, async () => 1);
    const a = await outbox.enqueue('u1', order('PO-1'));
    await outbox.enqueue('u1', order('PO-2'));
    await outbox.discard('u1', a.id);
    expect((await outbox.entries('u1')).map((e) => e.label)).toEqual(['PO-2']);
    await outbox.flush('u1');
    await outbox.clearSent('u1');
    expect(await outbox.entries('u1')).toEqual([]);
    await outbox.enqueue('u1', order('PO-3'));
    await outbox.clear('u1');
    expect(storage.data.has('u1')).toBe(false);
  });
});

describe('outbox flush during a run', () => {
  it('runs once more when asked while a run is failing, so a returned connection is used', async () => {
    let release: () => void = () => {};
    const firstAttempt = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    const outbox = createOutbox(memoryStorage(), async () => {
      attempts += 1;
      if (attempts === 1) {
        // Started while offline: fails once the attempt gives up.
        await firstAttempt;
        throw new TypeError('Failed to fetch');
      }
      return 1;
    });
    await outbox.enqueue('u1', order('PO-1'));
    const first = outbox.flush('u1');
    // The connection returns while the first attempt is still failing.
    const second = outbox.flush('u1');
    release();
    await Promise.all([first, second]);
    expect(attempts).toBe(2);
    expect((await outbox.entries('u1')).map((e) => e.status)).toEqual(['sent']);
  });
});
