/**
 * Work outside requests runs on the job queue (pg-boss): the notification dispatcher runs when a
 * write asks for it and on its schedule, housekeeping on its schedule, workers are woken by the
 * NOTIFY of a job's insert rather than by polling, and a start on a database
 * that holds an install of an older pg-boss replaces it and queues again what was waiting.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../scripts/lib/smtp-catcher';
import { deliveries, notifications, users } from '../../src/server/db/schema';
import { HOUSEKEEPING_QUEUE, startHousekeeping } from '../../src/server/jobs/housekeeping';
import {
  ensureQueue,
  JOB_SCHEMA,
  onTransaction,
  polling,
  startJobQueue,
  type JobQueue,
} from '../../src/server/jobs/queue';
import { startDelivery } from '../../src/server/notifications/delivery';
import {
  DISPATCH_QUEUE,
  fanOutPending,
  initDispatch,
  startDispatcher,
  type Dispatcher,
} from '../../src/server/notifications/service';
import { getOrder, placeOrder, setStatus } from './order-support';
import { customerIdOf, onBehalf, setupApi, type Caller, type TestApi } from './support';
import { testServer } from './template';
import { API_WAIT_MS } from '../../scripts/lib/constants';

let api: TestApi;
let jobs: JobQueue | undefined;
let dispatcher: Dispatcher | undefined;
const changes = { count: 0 };
const buyer: Caller = { as: 'buyerAcme' };

beforeAll(async () => {
  api = await setupApi({ onChange: () => (changes.count += 1) });
});
afterAll(async () => {
  await dispatcher?.stop();
  await jobs?.stop();
  await api?.close();
});

async function buyerNotificationCount(): Promise<number> {
  const [buyerRow] = await api.db
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Uid, api.accounts.buyerAcme.uid));
  return (await api.db.select().from(notifications).where(eq(notifications.UserId, buyerRow!.Id)))
    .length;
}

describe('the SQL the job queue runs on', () => {
  it('answers the rows of every statement of a text of several', async () => {
    // pg-boss finds the lock row of its claims among them; the last statement alone loses it.
    const { rows } = await api.executeSql('select 1 as "first"; select 2 as "second"');
    expect(rows).toEqual([{ first: 1 }, { second: 2 }]);
  });
});

describe('the app asks for a notification pass', () => {
  it('after a write it answered with success, not after a read or a refused write', async () => {
    const before = changes.count;
    await api.request('/api/db/orders', { as: 'buyerAcme' });
    expect(changes.count).toBe(before);
    const refused = await api.request('/api/db/orders', {
      as: 'buyerAcme',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ PoNumber: '', Lines: [] }),
    });
    expect(refused.status).toBe(400);
    expect(changes.count).toBe(before);
    await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 5 }]);
    expect(changes.count).toBe(before + 1);
  });
});

describe('the dispatcher and housekeeping as jobs', () => {
  it('fan a change out when asked, without anyone calling a pass', async () => {
    jobs = await startJobQueue(api);
    dispatcher = await startDispatcher(jobs.boss, api.db, { pollingIntervalSeconds: 0.5 });
    // The seed's history and the order above are before the dispatcher's start: nobody is told.
    const staff: Caller = { as: 'admin', headers: onBehalf(await customerIdOf(api, 'ACME')) };
    const told = await buyerNotificationCount();
    const waitForNotices = (count: number) =>
      vi.waitFor(async () => expect(await buyerNotificationCount()).toBe(count), {
        timeout: API_WAIT_MS,
        interval: 200,
      });
    // The buyer's receipt of the order, then the confirmation: one notice each.
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 3 }]);
    dispatcher.kick();
    await waitForNotices(told + 1);
    expect(
      (await setStatus(api, staff, await getOrder(api, staff, placed.Id), 'Confirmed')).status,
    ).toBe(200);
    dispatcher.kick();
    await waitForNotices(told + 2);
    // Nothing is left for a pass to do.
    expect((await fanOutPending(api.db)).events).toBe(0);
  });

  it('keep a schedule each: a pass every minute, housekeeping every hour', async () => {
    const housekeeping = await startHousekeeping(jobs!.boss, api.db);
    const schedules = await jobs!.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      [HOUSEKEEPING_QUEUE, '7 * * * *'],
      [DISPATCH_QUEUE, '* * * * *'],
    ]);
    await housekeeping.stop();
  });
});

describe('workers woken by NOTIFY', () => {
  let woken: JobQueue;
  beforeAll(async () => {
    woken = await startJobQueue(api);
  });
  afterAll(() => woken?.stop());

  const handledSoon = (handled: string[], expected: string[]) =>
    vi.waitFor(() => expect(handled).toEqual(expected), { timeout: API_WAIT_MS, interval: 50 });

  /**
   * A worker on `name` that would not poll again for an hour: what it handles after its first
   * fetch, a NOTIFY told it of. Resolves once that first fetch has handled a job, so the worker is
   * waiting out its hour.
   */
  async function hourlyWorker(name: string): Promise<string[]> {
    await ensureQueue(woken.boss, name);
    const handled: string[] = [];
    await woken.boss.send(name, { n: 'first' });
    await woken.boss.work<{ n: string }>(name, polling(3600, 3600), async ([job]) => {
      handled.push(job!.data.n);
    });
    await handledSoon(handled, ['first']);
    return handled;
  }

  it('take a job sent in a transaction once it commits, long before their next poll', async () => {
    const handled = await hourlyWorker('test-woken');
    await api.db.transaction(async (tx) => {
      await woken.boss.send('test-woken', { n: 'second' }, { db: onTransaction(tx) });
    });
    await handledSoon(handled, ['first', 'second']);
  });

  it('are woken on a queue made before they were, once it is made again', async () => {
    await woken.boss.createQueue('test-made-before');
    expect((await woken.boss.getQueue('test-made-before'))?.notify).toBe(false);
    await ensureQueue(woken.boss, 'test-made-before');
    expect((await woken.boss.getQueue('test-made-before'))?.notify).toBe(true);
  });

  // PGlite's one connection lives in the process and cannot drop.
  it.runIf(testServer())(
    'listen again after the connection drops, and take what is sent after (PostgreSQL)',
    async () => {
      const handled = await hourlyWorker('test-relisten');
      const listeners = async () =>
        (
          await api.executeSql(
            `select pid from pg_stat_activity
              where datname = current_database() and query like 'LISTEN %'`,
          )
        ).rows as Array<{ pid: number }>;
      const before = await listeners();
      expect(before.length).toBeGreaterThan(0);
      await api.executeSql('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
        before.map((b) => b.pid),
      ]);
      // Every job queue of the file opens its LISTEN connection again.
      await vi.waitFor(
        async () => {
          const after = (await listeners()).map((l) => l.pid);
          expect(after).toHaveLength(before.length);
          expect(after.some((pid) => before.some((b) => b.pid === pid))).toBe(false);
        },
        { timeout: API_WAIT_MS, interval: 200 },
      );
      await woken.boss.send('test-relisten', { n: 'second' });
      await handledSoon(handled, ['first', 'second']);
    },
  );
});

describe('a database holding an install of pg-boss 10', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp?.stop());

  it('is replaced at start, and every message still waiting is queued again and sent', async () => {
    await dispatcher?.stop();
    await jobs?.stop();
    dispatcher = undefined;
    jobs = undefined;
    // Messages queued (not sent: no worker) while the queue still worked…
    const config = {
      smtpUrl: smtp.url,
      mailFrom: 'Portal <notifications@portal.test>',
      publicUrl: 'https://portal.test',
    };
    const before = await startJobQueue(api);
    const enqueueOnly = await startDelivery(before.boss, api.db, { ...config, work: false });
    await initDispatch(api.db);
    const staff: Caller = { as: 'admin', headers: onBehalf(await customerIdOf(api, 'ACME')) };
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 2 }]);
    await setStatus(api, staff, await getOrder(api, staff, placed.Id), 'Confirmed');
    await fanOutPending(api.db, { delivery: enqueueOnly });
    await enqueueOnly.stop();
    await before.stop();
    const waiting = await api.db
      .select({ Id: deliveries.Id })
      .from(deliveries)
      .where(eq(deliveries.Status, 'queued'));
    expect(waiting.length).toBeGreaterThan(0);
    // …then the schema is what pg-boss 10 left: version 24, which pg-boss 12 cannot migrate.
    await api.executeSql(`drop schema ${JOB_SCHEMA} cascade`);
    await api.executeSql(`create schema ${JOB_SCHEMA}`);
    await api.executeSql(`create table ${JOB_SCHEMA}.version (version int primary key)`);
    await api.executeSql(`insert into ${JOB_SCHEMA}.version values (24)`);

    jobs = await startJobQueue(api);
    expect(jobs.replacedOutdatedInstall).toBe(true);
    const delivery = await startDelivery(
      jobs.boss,
      api.db,
      { ...config, pollingIntervalSeconds: 0.5 },
      { requeueWaiting: true },
    );
    await vi.waitFor(
      async () => {
        const rows = await api.db
          .select({ Status: deliveries.Status })
          .from(deliveries)
          .where(
            inArray(
              deliveries.Id,
              waiting.map((w) => w.Id),
            ),
          );
        expect(rows.every((r) => r.Status !== 'queued')).toBe(true);
      },
      { timeout: API_WAIT_MS, interval: 200 },
    );
    const subject = `Order ${placed.OrderNumber} confirmed`;
    expect(smtp.mails.filter((m) => m.parsed.subject === subject).length).toBeGreaterThan(0);
    await delivery.stop();
    // A second start finds a current install and replaces nothing.
    await jobs.stop();
    jobs = await startJobQueue(api);
    expect(jobs.replacedOutdatedInstall).toBe(false);
  });
});
