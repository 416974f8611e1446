/**
 * The replica suite (`npm test`'s "replicas" stage; alone, after `npm run build`: `node --import
 * tsx scripts/replicas.ts`): the production build run as in production, three replicas on one
 * throwaway PostgreSQL behind Debian's nginx (round robin), beside the Auth emulator. It shows
 * through nginx what docs/product/api.md#stateless-across-replicas and
 * docs/operations/production.md promise: the replicas keep no state of their own, migrations run
 * once, a replica stops without a failed request, the logs carry request ids and no secrets, the
 * metrics are off the public port, and the notification emails their dispatchers queue are sent
 * once each, also across the drain.
 *
 * Nothing here judges a timing: every check counts answers, rows or log lines.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { appliedMigrationCount, MIGRATION_COUNT, openDatabase } from '../src/server/db/database';
import { customers, deliveries, orderLines, orders } from '../src/server/db/schema';
import { seedDemo } from '../src/server/seed/demo';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts';
import { addDays, localToday } from '../src/shared/calendar-date';
import { signIn } from '../tests/api/support';
import { accountsOf, seededPeople } from '../tests/api/template';
import {
  PROJECT_ID,
  REPLICAS_METRICS_PORT,
  REPLICAS_PG_PORT,
  REPLICAS_PORT,
  TEST_EMULATOR_PORT,
} from './lib/constants';
import { startAuthEmulator, type RunningEmulator } from './lib/emulator';
import { findPostgresBin, startThrowawayPostgres, type RunningPostgres } from './lib/postgres';
import { stopChild, waitForHttp } from './lib/processes';
import { startSmtpCatcher, type SmtpCatcher } from './lib/smtp-catcher';

const REPLICAS = 3;
const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 100) / 10} s`;
const pass = (what: string) => console.log(`  ✓ ${what}`);

function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.stdout.trim() || null;
}

interface Replica {
  index: number;
  port: number;
  metricsPort: number;
  logFile: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startReplica(index: number, dir: string, env: NodeJS.ProcessEnv): Replica {
  const port = REPLICAS_PORT + index;
  const metricsPort = REPLICAS_METRICS_PORT + index;
  const logFile = join(dir, `replica-${index}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    stdio: ['ignore', out, out],
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    },
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { index, port, metricsPort, logFile, child, exited };
}

interface LogLine {
  msg?: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  uid?: string | null;
  customerId?: number | null;
  applied?: number;
  cut?: boolean;
}

/**
 * Waits for `check` to hold, for at most ten seconds unless told: pino writes asynchronously, so a log line
 * may reach its file a moment after its answer reached us. Judges no timing.
 */
async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  withinMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function logOf(replica: Replica): LogLine[] {
  return readFileSync(replica.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** nginx's configuration: round robin over the replicas, files in `dir`, no root needed. */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # A replica that stopped listening refuses the connection before anything is sent: try the
      # next. Creates carry an Idempotency-Key and updates If-Match, so passing on a POST is safe.
      proxy_next_upstream error timeout non_idempotent;
    }
  }
}
`;
}

async function main(): Promise<void> {
  const nginxBin = findNginx();
  const pgBin = findPostgresBin();
  if (!nginxBin || !pgBin) {
    const missing = [nginxBin ? null : 'nginx', pgBin ? null : 'postgresql'].filter(Boolean);
    if (process.env.CI) throw new Error(`The replica suite needs ${missing.join(' and ')}.`);
    console.log(`skipped: no ${missing.join(' or ')} on this machine`);
    return;
  }
  if (!existsSync('dist-server/main.js') || !existsSync('dist/index.html')) {
    throw new Error('No production build: run `npm run build` first.');
  }

  const dir = mkdtempSync(join(tmpdir(), 'portal-replicas-'));
  chmodSync(dir, 0o777);
  const run = randomUUID().slice(0, 8);
  let emulator: RunningEmulator | null = null;
  let postgres: RunningPostgres | undefined;
  let nginx: ChildProcess | undefined;
  const replicas: Replica[] = [];
  const firebase = initializeApp({ projectId: PROJECT_ID }, `replicas-${run}`);
  const accounts = accountsOf(`r${run}`);
  const pendingUids: string[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let smtp: SmtpCatcher | undefined;
  try {
    // The mail server every replica's workers send the notification emails to.
    smtp = await startSmtpCatcher();
    if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
      emulator = await startAuthEmulator({ port: TEST_EMULATOR_PORT });
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    }
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    postgres = startThrowawayPostgres(REPLICAS_PG_PORT);

    // ── Three replicas of the production build, started at the same moment ──────────────────
    const replicaEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'test', // production refuses the Auth emulator (decision 015)
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      TRUST_PROXY: 'true',
      STATIC_DIR: 'dist',
      LOG_FORMAT: 'json',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://portal.replicas.test',
      DELIVERY_RETRY_SECONDS: '1',
    };
    for (let i = 0; i < REPLICAS; i++) replicas.push(startReplica(i, dir, replicaEnv));
    await Promise.all(
      replicas.map((r) => waitForHttp(`http://127.0.0.1:${r.port}/api/ready`, 60_000, r.child)),
    );

    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        REPLICAS_PORT + 4,
        replicas.map((r) => r.port),
      ),
    );
    // nginx as a normal user: as root, the unprivileged `nobody` (its files are in a 0777 folder).
    const nginxArgs = [
      '-p',
      dir,
      '-c',
      join(dir, 'nginx.conf'),
      '-e',
      join(dir, 'nginx-error.log'),
    ];
    nginx =
      process.getuid?.() === 0
        ? spawn('runuser', ['-u', 'nobody', '--', nginxBin, ...nginxArgs], {
            // nginx writes its errors to nginx-error.log; runuser only talks when stopped.
            stdio: 'ignore',
            detached: true,
          })
        : spawn(nginxBin, nginxArgs, { stdio: 'ignore', detached: true });
    const base = `http://127.0.0.1:${REPLICAS_PORT + 4}`;
    await waitForHttp(`${base}/api/ready`, 20_000, nginx);

    // ── Data and people: the demo seed plus this run's own accounts ─────────────────────────
    database = await openDatabase({ url: postgres.url });
    const db = database.db;
    const auth = getAuth(firebase);
    await seedDemo(db, auth, { extraUsers: seededPeople(accounts) });
    const secrets = [DEMO_PASSWORD];
    const tokenOf = async (email: string) => {
      const token = await signIn(emulatorHost!, email, DEMO_PASSWORD);
      secrets.push(token);
      return token;
    };
    const buyer = await tokenOf(accounts.buyerAcme.email);
    const globex = await tokenOf(accounts.buyerGlobex.email);
    const staff = await tokenOf(accounts.admin.email);
    const [acme] = await db
      .select({ Id: customers.Id })
      .from(customers)
      .where(eq(customers.CustomerCode, 'ACME'));
    const onBehalf = { 'X-Customer-Id': String(acme!.Id) };

    const call = (
      path: string,
      token: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
      origin = base,
    ) =>
      fetch(`${origin}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    const data = async <T>(res: Response, status: number): Promise<T> => {
      const text = await res.text();
      assert.equal(res.status, status, text);
      return (JSON.parse(text) as { data: [T] }).data[0];
    };
    interface Line {
      Id: number;
      Version: number;
    }
    interface Order {
      Id: number;
      Version: number;
      Lines: Line[];
    }
    const placeOrder = async (item: string, qty: number) =>
      data<Order>(
        await call('/api/db/orders', buyer, {
          method: 'POST',
          body: {
            PoNumber: `PO-${randomUUID().slice(0, 8)}`,
            Lines: [{ ItemNumber: item, QtyOrdered: qty }],
          },
        }),
        201,
      );
    const confirm = async (order: Order) =>
      data<Order>(
        await call(`/api/db/orders/${order.Id}/status`, staff, {
          method: 'POST',
          body: { Status: 'Confirmed' },
          headers: { ...onBehalf, 'If-Match': String(order.Version) },
        }),
        200,
      );
    const getOrder = async (id: number) =>
      data<Order>(await call(`/api/db/orders/${id}`, staff, { headers: onBehalf }), 200);
    const produce = (orderId: number, line: Line, QtyProduced: number) =>
      call(`/api/db/orders/${orderId}/lines/${line.Id}/production`, staff, {
        method: 'PUT',
        body: { QtyProduced },
        headers: { ...onBehalf, 'If-Match': String(line.Version) },
      });

    console.log(`replicas, nginx and data up after ${elapsed()}`);

    // ── Migrations ran once ──────────────────────────────────────────────────────────────────
    const appliedBy = replicas.map(
      (r) => logOf(r).find((line) => line.msg?.startsWith('migrations:'))?.applied,
    );
    assert.deepEqual(
      [...appliedBy].sort((a, b) => (a ?? -1) - (b ?? -1)),
      [0, 0, MIGRATION_COUNT],
      `applied per replica: ${appliedBy.join(', ')}`,
    );
    assert.equal(await appliedMigrationCount(db), MIGRATION_COUNT);
    pass(`3 replicas started at once: one applied ${MIGRATION_COUNT} migrations, the others none`);

    // ── A webhook receiver, told of every new order by whichever replica delivers ────────────
    // Registered before the orders below; checked after the drain: each event once, none twice.
    const hooks: Array<{ id: string; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        hooks.push({ id: String(req.headers['webhook-id']), body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
    const hookClient = await data<{ Id: number }>(
      await call('/api/db/integration-clients', staff, {
        method: 'POST',
        body: { Name: `Replicas ERP ${run}`, Scopes: ['webhooks:manage'] },
        headers: { 'Idempotency-Key': `replicas-erp-${run}` },
      }),
      201,
    );
    const hook = await data<{ Id: number }>(
      await call(`/api/db/integration-clients/${hookClient.Id}/webhooks`, staff, {
        method: 'POST',
        body: {
          Url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
          EventKinds: ['order.placed'],
        },
      }),
      201,
    );

    // ── 20 concurrent order POSTs with one Idempotency-Key ─────────────────────────────────────
    const po = `PO-ONCE-${run}`;
    const sameKey = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('/api/db/orders', buyer, {
          method: 'POST',
          body: { PoNumber: po, Lines: [{ ItemNumber: 'ACM-1003', QtyOrdered: 7 }] },
          headers: { 'Idempotency-Key': `replicas-${run}` },
        }),
      ),
    );
    const ids = await Promise.all(sameKey.map((res) => data<Order>(res, 201)));
    assert.equal(new Set(ids.map((o) => o.Id)).size, 1);
    const [once] = await db.select({ n: count() }).from(orders).where(eq(orders.PoNumber, po));
    assert.equal(once!.n, 1);
    pass('20 concurrent POSTs with one Idempotency-Key: 20 × 201, one order');

    // ── 45 concurrent one-unit releases against 10 on hand ─────────────────────────────────────
    // One buyer sends them all: each replica runs four of a person's requests at a time and keeps
    // sixteen waiting (http/person-load.ts), so 45 spread by nginx over three replicas all reach
    // the database together, where the guard under test decides.
    const forRelease = await confirm(await placeOrder('ACM-1003', 50));
    await data(await produce(forRelease.Id, forRelease.Lines[0]!, 10), 200);
    const releases = await Promise.all(
      Array.from({ length: 45 }, () =>
        call(`/api/db/orders/${forRelease.Id}/releases`, buyer, {
          method: 'POST',
          body: {
            RequestedShipDate: addDays(localToday(), 3),
            Lines: [{ OrderLineId: forRelease.Lines[0]!.Id, Qty: 1 }],
          },
        }),
      ),
    );
    const releaseStatuses = releases.map((r) => r.status);
    assert.equal(releaseStatuses.filter((s) => s === 201).length, 10, String(releaseStatuses));
    assert.equal(releaseStatuses.filter((s) => s === 409).length, 35, String(releaseStatuses));
    const [released] = await db
      .select({ QtyReleased: orderLines.QtyReleased })
      .from(orderLines)
      .where(eq(orderLines.Id, forRelease.Lines[0]!.Id));
    assert.equal(released!.QtyReleased, 10);
    pass('45 concurrent one-unit releases against 10 on hand: 10 × 201, 35 × 409, 10 released');

    // ── Two concurrent If-Match updates of one row ─────────────────────────────────────────────
    const contested = await confirm(await placeOrder('ACM-1002', 5));
    const line = contested.Lines[0]!;
    const updates = await Promise.all([
      produce(contested.Id, line, 2),
      produce(contested.Id, line, 3),
    ]);
    assert.deepEqual(updates.map((r) => r.status).sort(), [200, 412]);
    assert.equal((await getOrder(contested.Id)).Lines[0]!.Version, line.Version + 1);
    pass('two concurrent If-Match updates of one row: one 200, one 412');

    // ── The access-request limit per address counts across replicas ────────────────────────────
    // Four self sign-ups send three access requests each, at once: 12 hits on the address's
    // bucket (all from nginx's 127.0.0.1), limit 10. Spread over three replicas, a limit kept
    // in each replica's memory would let all 12 through.
    const pendingTokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const uid = `r${run}-signup-${i}`;
      const email = `signup-${i}.${run}@replicas.test`;
      await auth.createUser({ uid, email, password: DEMO_PASSWORD });
      pendingUids.push(uid);
      pendingTokens.push(await tokenOf(email));
    }
    const access = await Promise.all(
      pendingTokens.flatMap((token) =>
        Array.from({ length: 3 }, () =>
          call('/api/db/requests', token, {
            method: 'POST',
            body: {
              Type: 'access',
              Payload: {
                FirstName: 'Pat',
                LastName: 'Signup',
                Company: 'Signup Corp',
                Phone: '',
                Details: 'We buy boxes.',
              },
            },
          }),
        ),
      ),
    );
    const accessStatuses = access.map((r) => r.status);
    assert.equal(accessStatuses.filter((s) => s === 429).length, 2, String(accessStatuses));
    const servedBy = () =>
      replicas.filter((r) =>
        logOf(r).some((l) => l.method === 'POST' && l.route === '/api/db/requests'),
      );
    await eventually(() => servedBy().length >= 2, 'the access requests reached several replicas');
    pass(
      `access-request limit across ${servedBy().length} replicas: 12 sent, 10 counted in, 2 × 429`,
    );

    // ── Logs: the request id in the answer and in the log line ──────────────────────────────────
    const chosenId = `replicas-check-${run}`;
    const tagged = await call('/api/db/orders?limit=1', buyer, {
      headers: { 'X-Request-Id': chosenId },
    });
    assert.equal(tagged.status, 200);
    assert.equal(tagged.headers.get('X-Request-Id'), chosenId);
    const untagged = await call('/api/db/orders?limit=1', buyer);
    const generated = untagged.headers.get('X-Request-Id');
    assert.ok(generated, 'a request without an id gets one');
    const logged = (id: string | null) => replicas.flatMap(logOf).find((l) => l.reqId === id);
    await eventually(() => !!logged(chosenId) && !!logged(generated), 'both requests logged');
    const taggedLine = logged(chosenId);
    assert.deepEqual(
      {
        method: taggedLine?.method,
        route: taggedLine?.route,
        status: taggedLine?.status,
        uid: taggedLine?.uid,
        customerId: taggedLine?.customerId,
      },
      {
        method: 'GET',
        route: '/api/db/orders',
        status: 200,
        uid: accounts.buyerAcme.uid,
        customerId: acme!.Id,
      },
    );
    assert.equal(logged(generated)?.route, '/api/db/orders');
    pass('a request id (given or generated) is in the answer and in its log line');

    // ── Metrics: off the public port, counting requests ────────────────────────────────────────
    const watched = replicas[2]!;
    for (const origin of [base, `http://127.0.0.1:${watched.port}`]) {
      const res = await fetch(`${origin}/metrics`);
      const text = await res.text();
      assert.equal(res.status, 404, `${origin}/metrics`);
      assert.ok(!text.includes('http_request_duration_seconds'));
    }
    const countOf = async () => {
      const text = await (await fetch(`http://127.0.0.1:${watched.metricsPort}/metrics`)).text();
      assert.match(text, /^db_pool_connections_in_use \d+/m);
      assert.match(text, /^db_pool_waiting \d+/m);
      assert.match(text, /^process_resident_memory_bytes /m);
      assert.match(text, /^notification_queue_depth\{channel="email"\} \d+/m);
      assert.match(text, /^# TYPE notification_delivery_failures_total counter/m);
      const found = text.match(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/db\/orders\/:id",status="200"\} (\d+)/m,
      );
      return Number(found?.[1] ?? 0);
    };
    const before = await countOf();
    await data(
      await call(`/api/db/orders/${contested.Id}`, buyer, {}, `http://127.0.0.1:${watched.port}`),
      200,
    );
    assert.equal(await countOf(), before + 1);
    pass('metrics: 404 on the public port (nginx and replica), the histogram counts a request');

    // ── Drain under load: SIGTERM one replica, no request fails ────────────────────────────────
    const victim = replicas[0]!;
    const total = { sent: 0, done: 0 };
    const failures: string[] = [];
    const accepted: string[] = [];
    let victimExited = false;
    void victim.exited.then(() => (victimExited = true));
    let afterExit = 0;
    // At most 180 orders: below the buyer's 200 in ten minutes. Past them the load goes on with
    // reads alone until the replica has gone, however long its stop takes on a busy machine.
    const MAX_ORDERS = 180;
    const MAX_REQUESTS = 3_000;
    let ordersSent = 0;
    const worker = async () => {
      while (total.sent < MAX_REQUESTS && (!victimExited || afterExit < 40 || total.sent < 120)) {
        const n = total.sent++;
        if (victimExited) afterExit++;
        try {
          if (n % 2 === 0 || ordersSent >= MAX_ORDERS) {
            const res = await call('/api/db/orders?limit=5', globex);
            await res.arrayBuffer();
            if (res.status !== 200) failures.push(`GET ${res.status}`);
          } else {
            ordersSent++;
            const poNumber = `PO-DRAIN-${run}-${n}`;
            const res = await call('/api/db/orders', globex, {
              method: 'POST',
              body: { PoNumber: poNumber, Lines: [{ ItemNumber: 'GLX-2001', QtyOrdered: 1 }] },
              headers: { 'Idempotency-Key': `drain-${run}-${n}` },
            });
            await res.arrayBuffer();
            if (res.status === 201) accepted.push(poNumber);
            else failures.push(`POST ${res.status}`);
          }
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
        total.done++;
        if (total.done === 40) process.kill(victim.child.pid!, 'SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const victimCode = await victim.exited;
    assert.deepEqual(failures, [], 'no request failed while a replica drained');
    assert.equal(victimCode, 0, 'the drained replica exits 0');
    assert.ok(victimExited && afterExit > 0, 'the load went on after the replica had stopped');
    const victimLog = logOf(victim);
    // It finished what it had accepted itself: no connection was cut at the end of the grace
    // period (nginx would have passed a cut request on, hiding the loss from the client).
    assert.ok(victimLog.some((l) => l.msg === 'drained' && l.cut === false));
    assert.ok(victimLog.some((l) => l.msg === 'stopped'));
    assert.ok(
      victimLog.some((l) => l.route === '/api/db/orders' && l.method === 'POST'),
      'the drained replica had served some of the load',
    );
    const [stored] = await db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.PoNumber, accepted));
    assert.equal(stored!.n, accepted.length);
    pass(
      `drain: SIGTERM to one replica during ${total.done} requests, 0 failed, exit 0, ` +
        `all ${accepted.length} accepted orders stored`,
    );

    // ── The emails of the drain's orders: once each, whichever replica queued or sent them ─────
    // Every new order tells the inbox staff by email. The two replicas left (and the drained one,
    // while it lived) dispatched and sent them; a message in hand at SIGTERM was finished or
    // handed back to the queue, never lost and never sent twice.
    const numbers = await db
      .select({ OrderNumber: orders.OrderNumber })
      .from(orders)
      .where(inArray(orders.PoNumber, accepted));
    const subjects = new Set(numbers.map((o) => `New order ${o.OrderNumber}`));
    const drainMails = () => smtp!.mails.filter((m) => subjects.has(m.parsed.subject ?? ''));
    const queued = async () =>
      (await db.select({ n: count() }).from(deliveries).where(eq(deliveries.Status, 'queued')))[0]!
        .n;
    await eventually(
      async () => (await queued()) === 0 && drainMails().length >= subjects.size * 2,
      'every queued email sent',
      180_000,
    );
    const perOrder = new Map<string, string[]>();
    for (const mail of drainMails()) {
      const list = perOrder.get(mail.parsed.subject!) ?? [];
      list.push(...mail.to);
      perOrder.set(mail.parsed.subject!, list);
    }
    assert.equal(perOrder.size, subjects.size, 'every accepted order told the staff');
    const recipients = [...perOrder.values()].map((to) => [...to].sort().join(','));
    assert.equal(new Set(recipients).size, 1, 'each order told the same staff');
    const staffTold = recipients[0]!.split(',');
    assert.equal(new Set(staffTold).size, staffTold.length, 'nobody was told twice');
    const messageIds = smtp.mails.map((m) => m.parsed.messageId);
    assert.equal(new Set(messageIds).size, messageIds.length, 'no message sent twice');
    const [sentEmails] = await db
      .select({ n: count() })
      .from(deliveries)
      .where(eq(deliveries.Status, 'sent'));
    assert.equal(smtp.mails.length, sentEmails!.n, 'one email on the wire per delivery sent');
    pass(
      `emails of the drain's ${subjects.size} orders: ${staffTold.length} staff told once each ` +
        `(${drainMails().length} emails), none twice across the replicas`,
    );

    // ── Webhooks: every order placed since the webhook was made, delivered once ───────────────
    // Three replicas' workers took turns at the one endpoint (its lease, decision 040): each event
    // reached the receiver under one webhook-id, and no webhook-id twice.
    const placedSince = async (): Promise<number> => {
      const result = (await db.execute(
        sql`select count(*)::int as n from events where kind = 'order.placed'
          and id >= (select coalesce(min(event_id), 0) from webhook_deliveries
            where endpoint_id = ${hook.Id})`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };
    await eventually(
      async () => hooks.length > 0 && hooks.length >= (await placedSince()),
      'every new order delivered as a webhook',
      120_000,
    );
    const hookIds = hooks.map((h) => h.id);
    assert.equal(new Set(hookIds).size, hookIds.length, 'no webhook-id delivered twice');
    const eventIds = hooks.map((h) => (JSON.parse(h.body) as { data: { Id: number } }).data.Id);
    assert.equal(new Set(eventIds).size, eventIds.length, 'no event delivered twice');
    receiver.close();
    pass(
      `webhooks: ${hooks.length} new orders delivered across the replicas, each webhook-id once`,
    );

    // ── Stop the rest as an orchestrator would, then read every log for secrets ────────────────
    for (const r of replicas.slice(1)) process.kill(r.child.pid!, 'SIGTERM');
    const codes = await Promise.all(replicas.slice(1).map((r) => r.exited));
    assert.deepEqual(codes, [0, 0]);
    const everything = replicas.map((r) => readFileSync(r.logFile, 'utf8')).join('\n');
    const requestLines = replicas.flatMap(logOf).filter((l) => l.msg === 'request').length;
    // At least the drain's requests and the 45 concurrent releases, each logged by the replica that answered.
    assert.ok(requestLines >= total.done + 45, 'the logs hold a line for every request');
    for (const secret of secrets) {
      assert.ok(!everything.includes(secret), 'no ID token or password in the logs');
    }
    assert.ok(!/Bearer /i.test(everything));
    pass(`logs of the whole run (${requestLines} request lines): no ID token, no password`);
  } catch (error) {
    for (const r of replicas) {
      console.error(`\n--- replica ${r.index} log (end) ---`);
      console.error(readFileSync(r.logFile, 'utf8').split('\n').slice(-15).join('\n'));
    }
    throw error;
  } finally {
    await database?.close();
    await Promise.all(replicas.map((r) => stopChild(r.child)));
    await smtp?.stop();
    if (nginx) await stopChild(nginx);
    postgres?.stop();
    const auth = getAuth(firebase);
    await auth
      .deleteUsers([...seededPeople(accounts).map((a) => a.uid), ...pendingUids])
      .catch(() => {});
    await deleteApp(firebase);
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
    console.log(`replica suite: ${elapsed()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
