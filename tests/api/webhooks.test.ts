/**
 * Webhooks (docs/product/integration.md, decision 040): endpoints managed by administrators and by
 * the plant's system (scope webhooks:manage), deliveries signed per Standard Webhooks and verified
 * here with the `standardwebhooks` library on a real receiver on loopback, both signatures during a
 * rotation, strict order per endpoint through a receiver that is down for ten minutes (driven by
 * the clock, not by waiting), a receiver that hangs, the pause after a day of failures with the
 * administrators told, redirects not followed, and request forgery refused in production when a
 * URL is saved and again when it is sent.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_WAIT_MS } from '../../scripts/lib/constants';
import type { FeedEvent } from '../../src/shared/schemas/integration';
import type {
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEndpointSecret,
} from '../../src/shared/schemas/webhooks';
import { createApp } from '../../src/server/app';
import { webhookEndpoints } from '../../src/server/db/schema';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import type { WebhookAddressPolicy } from '../../src/server/webhooks/address-policy';
import {
  deliverDue,
  deliverEndpoint,
  type WebhookRuntime,
} from '../../src/server/webhooks/delivery';
import { makeClient, upsert, withKey, type TestClient } from './integration-support';
import { placeOrder } from './order-support';
import { call, json, setupFixture, type Caller, type ErrorBody, type TestApi } from './support';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

let api: TestApi;
let buyer: Caller;
let erp: TestClient;
const receivers: WebhookReceiver[] = [];

/** The tests' clock: moved forward by hand, so "ten minutes" and "a day" take no time. */
let now = new Date('2031-03-04T09:00:00Z');
const local: WebhookAddressPolicy = {
  production: false,
  resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
};
/**
 * A receiver that answers is waited for as long as any API test waits (scripts/lib/constants.ts):
 * at `npm test`'s lower priority beside the journeys, one answer on this machine took longer than
 * 400 ms. Only the hanging receiver's test is cut short, by a timeout of its own.
 */
const runtime = (overrides: Partial<WebhookRuntime> = {}): WebhookRuntime => ({
  db: api.db,
  policy: local,
  clock: () => now,
  timeoutMs: API_WAIT_MS,
  ...overrides,
});
const realTime = () => runtime({ clock: () => new Date() });
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  ({ api, buyer } = await setupFixture({ staff: 'admin' }));
  await initDispatch(api.db);
  erp = await makeClient(api, 'ERP webhooks');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await api?.close();
});

async function createEndpoint(
  url: string,
  kinds: string[] = ['order.placed', 'order.confirmed'],
): Promise<WebhookEndpointSecret> {
  const res = await withKey(api, erp.key.Secret, 'POST', '/api/integration/v1/webhooks', {
    Url: url,
    EventKinds: kinds,
  });
  return (await json<{ data: [WebhookEndpointSecret] }>(res, 201)).data[0];
}

async function deliveriesOf(endpointId: number): Promise<WebhookDeliveryRow[]> {
  const res = await withKey(
    api,
    erp.key.Secret,
    'GET',
    `/api/integration/v1/webhooks/${endpointId}/deliveries`,
  );
  return (await json<{ data: WebhookDeliveryRow[] }>(res, 200)).data;
}

/** Delivers until nothing more moves (a failing endpoint waits for its backoff). */
async function drain(rt: WebhookRuntime = runtime()) {
  for (let i = 0; i < 50; i++) {
    const results = [...(await deliverDue(rt)).values()];
    if (results.every((r) => r.skipped || r.delivered === 0 || r.failed)) return;
  }
}

const order = (n = 2) => placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: n }]);

/** Pauses every endpoint made so far, so that each test's pass delivers only its own. */
async function pauseAll() {
  await api.db.update(webhookEndpoints).set({ Active: false, PausedReason: 'manual' });
}

describe('managing webhooks', () => {
  it('needs the webhooks:manage scope', async () => {
    const reader = await makeClient(api, 'ERP reader', ['events:read']);
    const res = await withKey(api, reader.key.Secret, 'GET', '/api/integration/v1/webhooks');
    const body = await json<ErrorBody>(res, 403);
    expect(body.error.message).toContain('webhooks:manage');
    const made = await withKey(api, reader.key.Secret, 'POST', '/api/integration/v1/webhooks', {
      Url: 'http://127.0.0.1:9/hooks',
      EventKinds: ['order.placed'],
    });
    expect(made.status).toBe(403);
  });

  it('shows the secret once, and refuses bad input naming the field', async () => {
    const r = await receiver();
    const made = await createEndpoint(r.url);
    expect(made.Secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(made.SecretPrefix).toBe(`${made.Secret.slice(0, 10)}…`);
    const listed = await json<{ data: WebhookEndpointRow[] }>(
      await withKey(api, erp.key.Secret, 'GET', '/api/integration/v1/webhooks'),
      200,
    );
    expect(JSON.stringify(listed)).not.toContain(made.Secret);
    // Administrators see the same endpoint under the client.
    const admin = await json<{ data: WebhookEndpointRow[] }>(
      await call(
        api,
        { as: 'admin' },
        'GET',
        `/api/db/integration-clients/${erp.client.Id}/webhooks`,
      ),
      200,
    );
    expect(admin.data.map((e) => e.Id)).toContain(made.Id);
    const none = await call(
      api,
      { as: 'admin' },
      'GET',
      '/api/db/integration-clients/999999/webhooks',
    );
    expect(none.status).toBe(404);

    for (const [body, field] of [
      [{ Url: 'ftp://erp.example.com/x', EventKinds: ['order.placed'] }, 'Url'],
      [{ Url: 'http://user:pw@127.0.0.1/x', EventKinds: ['order.placed'] }, 'Url'],
      [{ Url: r.url, EventKinds: ['order.nope'] }, 'EventKinds.0'],
      [{ Url: r.url, EventKinds: [] }, 'EventKinds'],
      // Private addresses are refused outside production too; only loopback is let through.
      [{ Url: 'http://10.1.2.3/hooks', EventKinds: ['order.placed'] }, 'Url'],
    ] as const) {
      const res = await withKey(api, erp.key.Secret, 'POST', '/api/integration/v1/webhooks', body);
      const error = await json<ErrorBody>(res, 400);
      expect(Object.keys(error.error.fields ?? {})).toContain(field);
    }
    // A buyer never reaches the administrators' routes.
    const res = await call(
      api,
      buyer,
      'GET',
      `/api/db/integration-clients/${erp.client.Id}/webhooks`,
    );
    expect(res.status).toBe(403);
    await pauseAll();
  });
});

describe('delivering webhooks', () => {
  it('signs each delivery so that standardwebhooks verifies it, with the feed’s public facts', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(r.url);
    const placed = await order();
    // The real clock here: the verifier checks the signed timestamp against the time now.
    await drain(realTime());
    expect(r.accepted()).toHaveLength(1);
    const [got] = r.accepted();
    const payload = new Webhook(endpoint.Secret).verify(got!.body, {
      'webhook-id': String(got!.headers['webhook-id']),
      'webhook-timestamp': String(got!.headers['webhook-timestamp']),
      'webhook-signature': String(got!.headers['webhook-signature']),
    }) as { type: string; data: FeedEvent };
    expect(payload.type).toBe('order.placed');
    expect(payload.data).toMatchObject({
      Kind: 'order.placed',
      OrderId: placed.Id,
      OrderNumber: placed.OrderNumber,
      CustomerCode: 'ACME',
    });
    expect(got!.body).not.toContain('"Before"');
    expect(got!.headers['webhook-id']).toBe(`msg_${endpoint.Id}_${payload.data.Id}`);
    // A forged body fails.
    expect(() =>
      new Webhook(endpoint.Secret).verify(got!.body.replace('ACME', 'ACMX'), {
        'webhook-id': String(got!.headers['webhook-id']),
        'webhook-timestamp': String(got!.headers['webhook-timestamp']),
        'webhook-signature': String(got!.headers['webhook-signature']),
      }),
    ).toThrow();
    const log = await deliveriesOf(endpoint.Id);
    expect(log[0]).toMatchObject({ StatusCode: 204, Succeeded: true, Attempt: 1 });
    expect(JSON.stringify(log)).not.toContain(endpoint.Secret.slice(6));
    await pauseAll();
  });
});

const headersOf = (got: { headers: Record<string, string | string[] | undefined> }) => ({
  'webhook-id': String(got.headers['webhook-id']),
  'webhook-timestamp': String(got.headers['webhook-timestamp']),
  'webhook-signature': String(got.headers['webhook-signature']),
});

describe('rotating a secret', () => {
  it('sends both signatures until the previous secret is retired', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(r.url);
    const base = `/api/integration/v1/webhooks/${endpoint.Id}`;
    const rotated = (
      await json<{ data: [WebhookEndpointSecret] }>(
        await withKey(api, erp.key.Secret, 'POST', `${base}/rotate-secret`),
        200,
      )
    ).data[0];
    expect(rotated.Secret).not.toBe(endpoint.Secret);
    expect(rotated.Rotating).toBe(true);
    // A second rotation waits for the first to end.
    expect((await withKey(api, erp.key.Secret, 'POST', `${base}/rotate-secret`)).status).toBe(409);

    await order();
    await drain(realTime());
    const during = r.accepted().at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // Either secret verifies it: the receiver may move to the new one at its own pace.
    expect(new Webhook(endpoint.Secret).verify(during.body, headersOf(during))).toBeTruthy();
    expect(new Webhook(rotated.Secret).verify(during.body, headersOf(during))).toBeTruthy();

    await json(await withKey(api, erp.key.Secret, 'POST', `${base}/retire-previous-secret`), 200);
    await order();
    await drain(realTime());
    const after = r.accepted().at(-1)!;
    expect(after).not.toBe(during);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.Secret).verify(after.body, headersOf(after))).toBeTruthy();
    expect(() => new Webhook(endpoint.Secret).verify(after.body, headersOf(after))).toThrow();
    await pauseAll();
  });
});

describe('a receiver down for ten minutes', () => {
  it('gets every event once it is back, in order, each webhook-id accepted once', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(r.url);
    r.mode = 'down';
    const first = await order();
    // The plant confirms the first order while the receiver is down: its events must arrive
    // placed before confirmed.
    await upsert(api, erp.key.Secret, 'order-acknowledgements', [
      { OrderNumber: first.OrderNumber, ExternalId: `ERP-${first.OrderNumber}` },
    ]);
    const second = await order();
    await drain();
    const failedAt = r.received.length;
    expect(failedAt).toBe(1);
    // Ten minutes pass by the clock, the worker trying whenever the backoff allows.
    for (let minute = 0; minute < 10; minute++) {
      advance(60_000);
      await drain();
    }
    expect(r.accepted()).toHaveLength(0);
    const [stuck] = await api.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.Id, endpoint.Id));
    expect(stuck!.Failures).toBeGreaterThan(1);

    r.mode = 'ok';
    advance(60 * 60_000);
    await drain();
    const accepted = r.accepted().map((got) => JSON.parse(got.body) as { data: FeedEvent });
    expect(accepted.map((p) => [p.data.OrderNumber, p.data.Kind])).toEqual([
      [first.OrderNumber, 'order.placed'],
      [first.OrderNumber, 'order.confirmed'],
      [second.OrderNumber, 'order.placed'],
    ]);
    const ids = r.accepted().map((got) => got.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    // Every attempt of one event carried the same webhook-id.
    expect(
      new Set(r.received.filter((g) => g.status !== 204).map((g) => g.headers['webhook-id'])),
    ).toEqual(new Set([ids[0]]));
    // Nothing more to send: a further pass sends nothing again.
    await drain();
    expect(r.accepted()).toHaveLength(3);
    await pauseAll();
  });
});

describe('a receiver that hangs', () => {
  it('times out and is retried, while another endpoint’s deliveries go on', async () => {
    const stuck = await receiver();
    const fine = await receiver();
    stuck.mode = 'hang';
    const a = await createEndpoint(stuck.url, ['order.placed']);
    const b = await createEndpoint(fine.url, ['order.placed']);
    await order();
    let aDone = false;
    // Long enough for the other endpoint's delivery below to end first even on a busy machine.
    const aRun = deliverEndpoint(runtime({ timeoutMs: 10_000 }), a.Id).then((result) => {
      aDone = true;
      return result;
    });
    // Wait until the hanging receiver holds the request, then deliver the other endpoint.
    while (stuck.received.length === 0) await new Promise((r) => setTimeout(r, 20));
    const bResult = await deliverEndpoint(runtime(), b.Id);
    expect(bResult).toMatchObject({ delivered: 1, failed: false });
    expect(fine.accepted()).toHaveLength(1);
    expect(aDone).toBe(false);
    expect(await aRun).toMatchObject({ delivered: 0, failed: true });
    const [attempt] = await deliveriesOf(a.Id);
    expect(attempt).toMatchObject({ StatusCode: null, Succeeded: false });
    expect(attempt!.Excerpt).toContain('No answer within');

    stuck.mode = 'ok';
    advance(60 * 60_000);
    expect(await deliverEndpoint(runtime(), a.Id)).toMatchObject({ delivered: 1, failed: false });
    expect(stuck.accepted()).toHaveLength(1);
    expect(stuck.accepted()[0]!.headers['webhook-id']).toBe(attempt!.MessageId);
    // "Send again" of the delivered event: the same webhook-id, logged as manual.
    const delivered = (await deliveriesOf(a.Id)).find((d) => d.Succeeded)!;
    const again = await json<{ data: [WebhookDeliveryRow] }>(
      await withKey(
        api,
        erp.key.Secret,
        'POST',
        `/api/integration/v1/webhooks/${a.Id}/deliveries/${delivered.Id}/send-again`,
      ),
      200,
    );
    expect(again.data[0]).toMatchObject({
      MessageId: delivered.MessageId,
      Manual: true,
      Succeeded: true,
      Attempt: 3,
    });
    await pauseAll();
  });
});

describe('a receiver failing for a day', () => {
  it('is paused and the administrators are told', async () => {
    const r = await receiver();
    r.mode = 'down';
    const endpoint = await createEndpoint(r.url, ['order.placed']);
    await order();
    await fanOutPending(api.db);
    for (let hour = 0; hour <= 24; hour++) {
      await drain();
      advance(60 * 60_000 + 1_000);
    }
    const [paused] = await api.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.Id, endpoint.Id));
    expect(paused).toMatchObject({ Active: false, PausedReason: 'failing' });
    const tries = r.received.length;
    advance(2 * 60 * 60_000);
    await drain();
    expect(r.received).toHaveLength(tries);

    await fanOutPending(api.db);
    const list = await json<{ data: Array<{ Title: string; Body: string; Link: string }> }>(
      await call(api, { as: 'admin' }, 'GET', '/api/db/notifications'),
      200,
    );
    expect(list.data[0]).toMatchObject({ Title: 'Webhook paused', Link: '/app/integrations' });
    expect(list.data[0]!.Body).toContain(r.url);
    const buyers = await json<{ data: Array<{ Title: string }> }>(
      await call(api, buyer, 'GET', '/api/db/notifications'),
      200,
    );
    expect(buyers.data.map((n) => n.Title)).not.toContain('Webhook paused');

    // Resumed by a person: it starts again from where it stopped.
    r.mode = 'ok';
    const res = await withKey(
      api,
      erp.key.Secret,
      'PUT',
      `/api/integration/v1/webhooks/${endpoint.Id}`,
      { Url: r.url, EventKinds: ['order.placed'], Active: true },
    );
    expect((await json<{ data: [WebhookEndpointRow] }>(res, 200)).data[0]).toMatchObject({
      Active: true,
      PausedReason: null,
      Failures: 0,
    });
    await drain();
    expect(r.accepted()).toHaveLength(1);
    await pauseAll();
  });
});

describe('redirects and request forgery', () => {
  it('never follows a redirect', async () => {
    const r = await receiver();
    r.mode = 'redirect';
    const endpoint = await createEndpoint(r.url, ['order.placed']);
    await order();
    await drain();
    expect(r.received.map((g) => g.path)).toEqual(['/hooks']);
    const [attempt] = await deliveriesOf(endpoint.Id);
    expect(attempt).toMatchObject({ StatusCode: 302, Succeeded: false });
    expect(attempt!.Excerpt).toContain('not followed');
    await pauseAll();
  });

  it('refuses private, loopback and link-local addresses in production, saved and sent', async () => {
    const r = await receiver();
    // Production, by the app's configuration; names resolve by a table the test controls.
    const table = new Map<string, string>([
      ['erp.example.test', '127.0.0.1'],
      ['rebind.example.test', '93.184.216.34'],
    ]);
    const production: WebhookAddressPolicy = {
      production: true,
      resolve: (host) =>
        Promise.resolve(table.has(host) ? [{ address: table.get(host)!, family: 4 as const }] : []),
    };
    const prod = api.withApp(createApp({ ...api.deps, webhookPolicy: production }));
    const save = (Url: string) =>
      withKey(prod, erp.key.Secret, 'POST', '/api/integration/v1/webhooks', {
        Url,
        EventKinds: ['order.placed'],
      });
    for (const url of [
      r.url, // http, and loopback
      'https://erp.example.test/hooks', // a name pointing at 127.0.0.1
      'https://10.0.0.8/hooks',
      'https://172.20.1.1/hooks',
      'https://192.168.1.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://[::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://224.0.0.1/hooks',
      'https://unknown.example.test/hooks',
    ]) {
      const error = await json<ErrorBody>(await save(url), 400);
      expect(error.error.fields, url).toHaveProperty('Url');
    }
    // A name that was public when saved and points at loopback when sent is refused then.
    const made = (
      await json<{ data: [WebhookEndpointSecret] }>(
        await save('https://rebind.example.test/hooks'),
        201,
      )
    ).data[0];
    table.set('rebind.example.test', '127.0.0.1');
    await order();
    const result = await deliverEndpoint(runtime({ policy: production }), made.Id);
    expect(result).toMatchObject({ delivered: 0, failed: true });
    const [attempt] = await deliveriesOf(made.Id);
    expect(attempt).toMatchObject({ StatusCode: null, Succeeded: false });
    expect(attempt!.Excerpt).toContain('loopback');
    expect(r.received).toHaveLength(0);
    await pauseAll();
  });
});
