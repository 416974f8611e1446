/**
 * Email and Web Push (docs/decisions/023): the dispatcher queues one message per (event, recipient,
 * channel) in pg-boss, and the workers send them over a real SMTP conversation and a real Web Push
 * request (encrypted, VAPID-signed) to servers on loopback: the tests' SMTP server and push
 * service. Shown here: one of each whatever runs twice, the shipment's tracking link, an address
 * the SMTP server refuses not blocking the others, a retry when SMTP is down delivered once when it
 * returns, a gone device forgotten, the person's choices honoured, and no message of ACME reaching
 * GLOBEX on any channel.
 */
import { Agent } from 'node:https';
import { and, eq, inArray, like } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../scripts/lib/smtp-catcher';
import {
  customers,
  deliveries,
  notifications,
  pushSubscriptions,
  users,
} from '../../src/server/db/schema';
import { startJobQueue } from '../../src/server/jobs/queue';
import { startDelivery, type DeliveryQueue } from '../../src/server/notifications/delivery';
import { MAX_DEVICES } from '../../src/server/notifications/settings-queries';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import { getOrder, placeOrder, setStatus, shipWholeOrder } from './order-support';
import {
  makeDevice,
  readPush,
  startPushReceiver,
  type PushReceiver,
  type TestDevice,
} from './push-receiver';
import {
  call,
  customerIdOf,
  json,
  onBehalf,
  setupFixture,
  type AccountKey,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';
import { API_WAIT_MS } from '../../scripts/lib/constants';

const PUBLIC_URL = 'https://portal.test';
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@portal.test' };

let api: TestApi;
let smtp: SmtpCatcher;
let pushService: PushReceiver;
let queues: DeliveryQueue[] = [];
let staff: Caller;
let buyer: Caller;
let acmeId: number;

// The buyers' phones: real key pairs, their endpoints set once the push service listens.
const acmeDevice = makeDevice('');
const globexDevice = makeDevice('');

const NOTICE = 'orders@acme-notices.test';
const REFUSED = 'nobody@acme-notices.test';

/** One replica's job queue and delivery workers; stopping it stops both. */
async function startQueue({ work = true } = {}): Promise<DeliveryQueue> {
  const jobs = await startJobQueue(api);
  const delivery = await startDelivery(jobs.boss, api.db, {
    work,
    smtpUrl: smtp.url,
    mailFrom: 'Portal <notifications@portal.test>',
    publicUrl: PUBLIC_URL,
    vapid,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    pushAgent: new Agent({ ca: pushService.ca }),
    pushOrigins: [pushService.origin],
  });
  return {
    ...delivery,
    stop: async () => {
      await delivery.stop();
      await jobs.stop();
    },
  };
}

/** Two replicas' worth of dispatchers and workers on one database. */
const startReplicas = async () => [await startQueue(), await startQueue()];

beforeAll(async () => {
  smtp = await startSmtpCatcher({ refuse: [REFUSED] });
  pushService = await startPushReceiver();
  ({
    api,
    acme: acmeId,
    buyer,
    staff,
  } = await setupFixture({
    staff: 'admin',
    push: { publicKey: vapid.publicKey, allowedOrigins: [pushService.origin] },
  }));
  await initDispatch(api.db);
  await api.db
    .update(customers)
    .set({ EmailAddresses: [NOTICE, REFUSED] })
    .where(eq(customers.Id, acmeId));
  queues = await startReplicas();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await api?.close();
  await smtp?.stop();
  await pushService?.close();
});

const emailOf = (who: AccountKey) => api.accounts[who].email.toLowerCase();

/** Fans out with both dispatchers at once, until nothing is left. */
async function dispatch(): Promise<void> {
  await Promise.all(queues.map((q) => fanOutPending(api.db, { delivery: q })));
  while ((await fanOutPending(api.db, { delivery: queues[0] })).events > 0);
}

/** Waits until no message is left to send (each settled: sent, failed or skipped). */
async function settled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const open = await api.db
        .select({ Id: deliveries.Id })
        .from(deliveries)
        .where(eq(deliveries.Status, 'queued'));
      expect(open).toEqual([]);
    },
    { timeout: API_WAIT_MS, interval: 200 },
  );
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

async function register(who: AccountKey, device: TestDevice): Promise<Response> {
  return call(api, { as: who }, 'POST', '/api/db/push-subscriptions', device.subscription);
}

describe('push subscriptions and settings', () => {
  it('give the key to subscribe with', async () => {
    const body = await json<{ data: [{ PublicKey: string }] }>(
      await call(api, buyer, 'GET', '/api/db/push-subscriptions/key'),
      200,
    );
    expect(body.data[0].PublicKey).toBe(vapid.publicKey);
  });

  it('refuse a malformed subscription, naming the field', async () => {
    const device = makeDevice(`${pushService.origin}/device/bad`);
    const res = await call(api, buyer, 'POST', '/api/db/push-subscriptions', {
      ...device.subscription,
      keys: { p256dh: 'short', auth: device.subscription.keys.auth },
    });
    const body = await json<{ error: { fields: Record<string, string> } }>(res, 400);
    expect(Object.keys(body.error.fields)).toContain('keys.p256dh');
    const extra = await call(api, buyer, 'POST', '/api/db/push-subscriptions', {
      ...device.subscription,
      owner: 'someone',
    });
    expect(extra.status).toBe(400);
  });

  it('refuse an endpoint that is not a push service (the server would POST to it)', async () => {
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.test/send/x',
      'https://fcm.googleapis.com:8443/send/x',
      `${pushService.origin.replace('127.0.0.1', 'localhost')}/device/x`,
      `${pushService.origin.replace('https:', 'http:')}/device/x`,
    ]) {
      const res = await register('buyerAcme', makeDevice(endpoint));
      const body = await json<{ error: { fields: Record<string, string> } }>(res, 400);
      expect(body.error.fields.endpoint).toBe('Not a push service endpoint.');
    }
  });

  it('refuse an endpoint not written as browsers write it: the sender would read another host', async () => {
    const hostPort = pushService.origin.replace('https://', '');
    for (const endpoint of [
      // The WHATWG reading (the check's) finds the allowed host; web-push's reading finds none,
      // and would post to this machine's own port 443.
      `https:${hostPort}/device/crafted`,
      `https:/${hostPort}/device/crafted`,
      `https:\\\\${hostPort}/device/crafted`,
      'https:fcm.googleapis.com/fcm/send/x',
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ]) {
      const res = await register('buyerAcme', makeDevice(endpoint));
      const body = await json<{ error: { fields: Record<string, string> } }>(res, 400);
      expect(body.error.fields.endpoint, endpoint).toBeTruthy();
    }
    const stored = await api.db
      .select({ Endpoint: pushSubscriptions.Endpoint })
      .from(pushSubscriptions)
      .where(like(pushSubscriptions.Endpoint, '%crafted%'));
    expect(stored).toEqual([]);
  });

  it(`keep at most ${MAX_DEVICES} devices a person, the oldest giving way to a new one`, async () => {
    const devices = Array.from({ length: MAX_DEVICES + 2 }, (_, n) =>
      makeDevice(`${pushService.origin}/device/web-admin-${n}`),
    );
    for (const device of devices) {
      expect((await register('webAdmin', device)).status).toBe(201);
    }
    const mine = await json<{ data: Array<{ Endpoint: string }> }>(
      await call(api, { as: 'webAdmin' }, 'GET', '/api/db/push-subscriptions'),
      200,
    );
    expect(mine.data.map((d) => d.Endpoint)).toEqual(
      devices.slice(2).map((d) => d.subscription.endpoint),
    );
    // Registering a kept one again refreshes it, and drops nothing.
    expect((await register('webAdmin', devices[5]!)).status).toBe(200);
    const again = await json<{ data: unknown[] }>(
      await call(api, { as: 'webAdmin' }, 'GET', '/api/db/push-subscriptions'),
      200,
    );
    expect(again.data).toHaveLength(MAX_DEVICES);
    // Off again, so that the notices of the tests below reach only the devices they name.
    for (const device of again.data as Array<{ Id: number }>) {
      const removed = await call(
        api,
        { as: 'webAdmin' },
        'DELETE',
        `/api/db/push-subscriptions/${device.Id}`,
      );
      expect(removed.status).toBe(204);
    }
  });

  it('keep a device its owner’s: another person registering it is refused', async () => {
    const device = makeDevice(`${pushService.origin}/device/shared`);
    expect((await register('buyerGlobex', device)).status).toBe(201);
    expect((await register('buyerAcme', device)).status).toBe(409);
    // The owner again: the keys are refreshed, still one device.
    expect((await register('buyerGlobex', device)).status).toBe(200);
    const mine = await json<{ data: Array<{ Id: number; Endpoint: string; Device: string }> }>(
      await call(api, { as: 'buyerGlobex' }, 'GET', '/api/db/push-subscriptions'),
      200,
    );
    expect(mine.data.map((d) => d.Endpoint)).toEqual([device.subscription.endpoint]);
    // Not visible to, nor removable by, anyone else.
    const theirs = await json<{ data: unknown[] }>(
      await call(api, buyer, 'GET', '/api/db/push-subscriptions'),
      200,
    );
    expect(theirs.data).toEqual([]);
    const id = mine.data[0]!.Id;
    expect((await call(api, buyer, 'DELETE', `/api/db/push-subscriptions/${id}`)).status).toBe(404);
    expect(
      (await call(api, { as: 'buyerGlobex' }, 'DELETE', `/api/db/push-subscriptions/${id}`)).status,
    ).toBe(204);
  });

  it('save choices with If-Match, starting from the defaults', async () => {
    const read = await json<{ data: [{ Choices: object; Version: number }] }>(
      await call(api, { as: 'rep' }, 'GET', '/api/db/notification-settings'),
      200,
    );
    expect(read.data[0]).toEqual({ Choices: {}, Version: 0 });
    const choices = { Choices: { new_order: { email: false } } };
    const put = (version?: number) =>
      call(
        api,
        { as: 'rep' },
        'PUT',
        '/api/db/notification-settings',
        choices,
        version === undefined ? {} : { 'If-Match': String(version) },
      );
    expect((await put()).status).toBe(428);
    const saved = await json<{ data: [{ Version: number }] }>(await put(0), 200);
    expect(saved.data[0].Version).toBe(1);
    expect((await put(0)).status).toBe(412);
    expect((await put(1)).status).toBe(200);
    const unknownTopic = await call(
      api,
      { as: 'rep' },
      'PUT',
      '/api/db/notification-settings',
      { Choices: { stock_tips: { email: true } } },
      { 'If-Match': '2' },
    );
    expect(unknownTopic.status).toBe(400);
  });

  it('refuse a choice about notices the person never receives', async () => {
    const read = async () =>
      (
        await json<{ data: [{ Choices: object; Version: number }] }>(
          await call(api, { as: 'buyerGlobex' }, 'GET', '/api/db/notification-settings'),
          200,
        )
      ).data[0];
    const before = await read();
    const refused = await json<ErrorBody>(
      await call(
        api,
        { as: 'buyerGlobex' },
        'PUT',
        '/api/db/notification-settings',
        { Choices: { order_ready: { email: false }, new_order: { email: true } } },
        { 'If-Match': String(before.Version) },
      ),
      400,
    );
    expect(refused.error.fields).toEqual({ 'Choices.new_order': 'Not a notice you receive.' });
    // Nothing of the refused save was kept.
    expect(await read()).toEqual(before);
  });
});

describe('email and push of an order’s life', () => {
  let orderId: number;
  let orderNumber: number;

  beforeAll(async () => {
    Object.assign(acmeDevice.subscription, { endpoint: `${pushService.origin}/device/acme` });
    Object.assign(globexDevice.subscription, { endpoint: `${pushService.origin}/device/globex` });
    expect((await register('buyerAcme', acmeDevice)).status).toBe(201);
    expect((await register('buyerGlobex', globexDevice)).status).toBe(201);
  });

  it('tell the buyer once per channel when staff confirm, produce, schedule and ship', async () => {
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 3 }]);
    orderId = placed.Id;
    orderNumber = placed.OrderNumber;
    await shipWholeOrder(api, buyer, staff, orderId);
    await dispatch();
    await settled();

    const subjects = (address: string) =>
      mailsTo(address)
        .map((m) => m.parsed.subject)
        .filter((s) => s?.includes(String(orderNumber)))
        .sort();
    const expected = [
      `Order ${orderNumber} confirmed`,
      `Order ${orderNumber} ready`,
      `Order ${orderNumber} received`,
      `Order ${orderNumber} shipped`,
      `Release ${orderNumber}-R1 scheduled`,
    ];
    // The buyer who placed it, and the customer's notice address: one email of each, no more.
    expect(subjects(emailOf('buyerAcme'))).toEqual(expected);
    expect(subjects(NOTICE)).toEqual(expected);
    // The refused address blocked nobody, and is recorded as failed, not retried forever.
    expect(mailsTo(REFUSED)).toEqual([]);
    const refused = await api.db
      .select({ Status: deliveries.Status, LastError: deliveries.LastError })
      .from(deliveries)
      .where(eq(deliveries.Recipient, REFUSED));
    expect(refused.length).toBe(expected.length);
    for (const row of refused) {
      expect(row.Status).toBe('failed');
      expect(row.LastError).toContain('550');
    }
  });

  it('write the shipment email in text and HTML, with the tracking, page and settings links', async () => {
    const [shipped] = mailsTo(emailOf('buyerAcme')).filter(
      (m) => m.parsed.subject === `Order ${orderNumber} shipped`,
    );
    const mail = shipped!.parsed;
    const tracking = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    const page = `${PUBLIC_URL}/app/order/${orderId}/shipment`;
    const settings = `${PUBLIC_URL}/app/account/notifications`;
    expect(mail.text).toContain('UPS, tracking 1Z999AA10123456784');
    expect(mail.text).toContain(tracking);
    expect(mail.text).toContain(page);
    expect(mail.text).toContain(settings);
    expect(mail.html).toContain(`href="${tracking}"`);
    expect(mail.html).toContain(`href="${page}"`);
    expect(mail.html).toContain(`href="${settings}"`);
    // One click in the mail program: RFC 8058's POST to the link of List-Unsubscribe.
    const list = mail.headers.get('list') as { unsubscribe: { url: string } };
    expect(list.unsubscribe.url).toMatch(/^https:\/\/portal\.test\/api\/unsubscribe\?token=/);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mail.text).toContain(list.unsubscribe.url);
    expect(mail.from?.value).toEqual([{ address: 'notifications@portal.test', name: 'Portal' }]);
    // The notice address is told why it hears of this, and by whom it is removed.
    const [notice] = mailsTo(NOTICE).filter((m) => m.parsed.subject === mail.subject);
    expect(notice!.parsed.text).toContain('list of addresses for order notices');
  });

  it('push to the buyer’s device once per notice, encrypted for it and signed', async () => {
    const mine = pushService.received.filter((r) => r.path === '/device/acme');
    const payloads = mine.map((r) => readPush(acmeDevice, r) as Record<string, string>);
    const ofOrder = payloads.filter((p) => p.link?.startsWith(`/app/order/${orderId}`));
    expect(ofOrder.map((p) => p.title).sort()).toEqual([
      `Order ${orderNumber} confirmed`,
      `Order ${orderNumber} ready`,
      `Order ${orderNumber} received`,
      `Order ${orderNumber} shipped`,
      `Production recorded on order ${orderNumber}`,
      `Release ${orderNumber}-R1 scheduled`,
    ]);
    const shipped = ofOrder.find((p) => p.title === `Order ${orderNumber} shipped`)!;
    // A title, a short text and a link: nothing more.
    expect(shipped).toEqual({
      title: `Order ${orderNumber} shipped`,
      body: '3 of 3 — complete, UPS, tracking 1Z999AA10123456784',
      link: `/app/order/${orderId}/shipment`,
    });
    for (const r of mine) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(r.headers.authorization).toContain(`k=${vapid.publicKey}`);
    }
  });

  it('tell GLOBEX nothing of ACME’s order, on any channel', async () => {
    expect(mailsTo(emailOf('buyerGlobex'))).toEqual([]);
    expect(pushService.received.filter((r) => r.path === '/device/globex')).toEqual([]);
    const [globex] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerGlobex.uid));
    const told = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.UserId, globex!.Id));
    expect(told).toEqual([]);
    const messages = await api.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.UserId, globex!.Id));
    expect(messages).toEqual([]);
  });

  it('send each (event, recipient, channel) once, with two dispatchers and two workers', async () => {
    const rows = await api.db.select().from(deliveries);
    const keys = new Set(rows.map((r) => `${r.EventId}:${r.Channel}:${r.Recipient}`));
    expect(keys.size).toBe(rows.length);
    const sent = rows.filter((r) => r.Status === 'sent');
    expect(smtp.mails.length).toBe(sent.filter((r) => r.Channel === 'email').length);
    expect(pushService.received.length).toBe(sent.filter((r) => r.Channel === 'push').length);
    const ids = smtp.mails.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('one-click unsubscribe', () => {
  const linkOf = (address: string, subject: string) => {
    const [mail] = mailsTo(address).filter((m) => m.parsed.subject === subject);
    const list = mail!.parsed.headers.get('list') as { unsubscribe: { url: string } };
    return list.unsubscribe.url.replace(PUBLIC_URL, '');
  };
  let shipped: string;

  beforeAll(() => {
    shipped = mailsTo(emailOf('buyerAcme'))
      .map((m) => m.parsed.subject ?? '')
      .find((s) => s.endsWith(' shipped'))!;
  });

  it('shows a confirmation on a GET (a link scanner changes nothing), refuses a forged link', async () => {
    const link = linkOf(emailOf('buyerAcme'), shipped);
    const page = await api.app.request(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Shipment on its way (carrier and tracking)');
    expect(html).toContain('<form method="post"');
    const settings = await json<{ data: [{ Choices: Record<string, { email?: boolean }> }] }>(
      await call(api, buyer, 'GET', '/api/db/notification-settings'),
      200,
    );
    expect(settings.data[0].Choices.shipment_recorded?.email).not.toBe(false);
    const forged = link.replace(/token=([^.]+)\./, (_, body: string) => `token=${body}x.`);
    expect((await api.app.request(forged, { method: 'POST' })).status).toBe(400);
  });

  it('turns that email off for the person, and suppresses a notice address, on one POST', async () => {
    const one = (link: string) =>
      api.app.request(link, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await one(linkOf(emailOf('buyerAcme'), shipped))).status).toBe(200);
    expect((await one(linkOf(NOTICE, shipped))).status).toBe(200);
    const settings = await json<{ data: [{ Choices: Record<string, { email?: boolean }> }] }>(
      await call(api, buyer, 'GET', '/api/db/notification-settings'),
      200,
    );
    expect(settings.data[0].Choices.shipment_recorded).toEqual({ email: false });

    // The next shipment: no email to either, push and in-app as before, other topics untouched.
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }]);
    await shipWholeOrder(api, buyer, staff, placed.Id);
    await dispatch();
    await settled();
    const subject = `Order ${placed.OrderNumber} shipped`;
    expect(mailsTo(emailOf('buyerAcme')).filter((m) => m.parsed.subject === subject)).toEqual([]);
    expect(mailsTo(NOTICE).filter((m) => m.parsed.subject === subject)).toEqual([]);
    expect(
      mailsTo(NOTICE).filter((m) => m.parsed.subject === `Order ${placed.OrderNumber} ready`)
        .length,
    ).toBe(1);
    const pushed = pushService.received
      .filter((r) => r.path === '/device/acme')
      .map((r) => (readPush(acmeDevice, r) as { title: string }).title);
    expect(pushed).toContain(subject);
  });
});

describe('faults and choices', () => {
  it('retry an email while SMTP is down and deliver it once when it returns', async () => {
    await smtp.stop();
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }]);
    const order = await getOrder(api, buyer, placed.Id);
    expect((await setStatus(api, staff, order, 'Cancelled')).status).toBe(200);
    await dispatch();
    const subject = `Order ${placed.OrderNumber} cancelled`;
    // At least one attempt failed against the closed port…
    await vi.waitFor(
      async () => {
        const rows = await api.db
          .select({ Attempts: deliveries.Attempts, Status: deliveries.Status })
          .from(deliveries)
          .where(eq(deliveries.Recipient, emailOf('buyerAcme')));
        const failing = rows.filter((r) => r.Status === 'queued' && r.Attempts > 0);
        expect(failing.length).toBeGreaterThan(0);
      },
      { timeout: API_WAIT_MS, interval: 200 },
    );
    expect(mailsTo(emailOf('buyerAcme')).filter((m) => m.parsed.subject === subject)).toEqual([]);
    // …and once the server is back, the retry delivers it, once.
    await smtp.start();
    await settled();
    expect(mailsTo(emailOf('buyerAcme')).filter((m) => m.parsed.subject === subject).length).toBe(
      1,
    );
    expect(mailsTo(NOTICE).filter((m) => m.parsed.subject === subject).length).toBe(1);
  });

  it('honour the buyer’s choices: no email nor push of a topic turned off, in-app still', async () => {
    const current = await json<{ data: [{ Version: number }] }>(
      await call(api, buyer, 'GET', '/api/db/notification-settings'),
      200,
    );
    expect(
      (
        await call(
          api,
          buyer,
          'PUT',
          '/api/db/notification-settings',
          { Choices: { order_confirmed: { email: false, push: false } } },
          { 'If-Match': String(current.data[0].Version) },
        )
      ).status,
    ).toBe(200);
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 2 }]);
    const order = await getOrder(api, buyer, placed.Id);
    // The acknowledgement of the order is another topic, still on: told before counting.
    await dispatch();
    await settled();
    const pushesBefore = pushService.received.length;
    expect((await setStatus(api, staff, order, 'Confirmed')).status).toBe(200);
    await dispatch();
    await settled();
    const subject = `Order ${placed.OrderNumber} confirmed`;
    expect(mailsTo(emailOf('buyerAcme')).filter((m) => m.parsed.subject === subject)).toEqual([]);
    expect(pushService.received.length).toBe(pushesBefore);
    // The customer's notice address follows the customer's list, not the buyer's choices.
    expect(mailsTo(NOTICE).filter((m) => m.parsed.subject === subject).length).toBe(1);
    const inApp = await json<{ data: Array<{ Title: string }> }>(
      await call(api, buyer, 'GET', '/api/db/notifications?limit=200'),
      200,
    );
    expect(inApp.data.filter((n) => n.Title === subject).length).toBe(1);
  });

  it('forget a device the push service says is gone', async () => {
    const gone = makeDevice(`${pushService.origin}/gone/old-phone`);
    expect((await register('buyerAcme', gone)).status).toBe(201);
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }]);
    const order = await getOrder(api, buyer, placed.Id);
    expect((await setStatus(api, staff, order, 'Cancelled')).status).toBe(200);
    await dispatch();
    await settled();
    const left = await api.db
      .select({ Endpoint: pushSubscriptions.Endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.Endpoint, gone.subscription.endpoint));
    expect(left).toEqual([]);
    // The buyer's other device still heard of it.
    const acme = pushService.received
      .filter((r) => r.path === '/device/acme')
      .map((r) => r.body.length);
    expect(acme.length).toBeGreaterThan(0);
  });

  it('fail at once, and forget, a device the sender would not reach as it was checked', async () => {
    const [person] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerAcme.uid));
    // Placed and acknowledged before the crafted devices exist: only the cancellation reaches them.
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }]);
    const order = await getOrder(api, buyer, placed.Id);
    await dispatch();
    await settled();
    const hostPort = pushService.origin.replace('https://', '');
    // Rows as an older server stored them: an endpoint web-push reads without a host (it would
    // post to this machine's port 443), and keys it cannot encrypt for (it fails before any
    // request). Neither is worth a retry.
    const good = makeDevice('').subscription.keys;
    const rows = await api.db
      .insert(pushSubscriptions)
      .values([
        {
          UserId: person!.Id,
          Endpoint: `https:${hostPort}/device/crafted-stored`,
          P256dh: good.p256dh,
          Auth: good.auth,
          Device: 'Crafted',
        },
        {
          UserId: person!.Id,
          Endpoint: `${pushService.origin}/device/bad-keys`,
          P256dh: 'AAAA',
          Auth: good.auth,
          Device: 'Bad keys',
        },
      ])
      .returning({ Id: pushSubscriptions.Id });
    expect((await setStatus(api, staff, order, 'Cancelled')).status).toBe(200);
    await dispatch();
    await settled();
    for (const { Id } of rows) {
      const sent = await api.db
        .select({ Status: deliveries.Status, Attempts: deliveries.Attempts })
        .from(deliveries)
        .where(and(eq(deliveries.Channel, 'push'), eq(deliveries.Recipient, String(Id))));
      expect(sent).toEqual([{ Status: 'failed', Attempts: 1 }]);
    }
    const left = await api.db
      .select({ Id: pushSubscriptions.Id })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.Id,
          rows.map((r) => r.Id),
        ),
      );
    expect(left).toEqual([]);
    expect(pushService.received.filter((r) => r.path.includes('bad-keys'))).toEqual([]);
  });

  it('send nothing further to a person deactivated after the event was queued', async () => {
    const [person] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerGlobex.uid));
    const globexStaff: Caller = {
      as: 'admin',
      headers: onBehalf(await customerIdOf(api, 'GLOBEX')),
    };
    const placed = await placeOrder(api, { as: 'buyerGlobex' }, [
      { ItemNumber: 'RSC-0806', QtyOrdered: 1 },
    ]);
    const order = await getOrder(api, globexStaff, placed.Id);
    expect((await setStatus(api, globexStaff, order, 'Confirmed')).status).toBe(200);
    // Queued while the buyer is active, by a dispatcher whose replica sends nothing itself, and
    // with the other replicas' workers stopped: on a busy machine they reached the queue before
    // the deactivation below (they look every half second)…
    for (const queue of queues) await queue.stop();
    queues = [];
    try {
      const enqueueOnly = await startQueue({ work: false });
      await fanOutPending(api.db, { delivery: enqueueOnly });
      await enqueueOnly.stop();
      const queued = await api.db
        .select({ Status: deliveries.Status })
        .from(deliveries)
        .where(eq(deliveries.UserId, person!.Id));
      expect(queued.length).toBeGreaterThan(0);
      expect(queued.every((r) => r.Status === 'queued')).toBe(true);
      // …then deactivated before the workers reach it.
      await api.db.update(users).set({ Active: false }).where(eq(users.Id, person!.Id));
    } finally {
      // The replicas run again whatever happened above: the tests after this one use them.
      queues = await startReplicas();
    }
    await settled();
    const rows = await api.db
      .select({ Status: deliveries.Status, LastError: deliveries.LastError })
      .from(deliveries)
      .where(eq(deliveries.UserId, person!.Id));
    for (const row of rows) expect(row).toEqual({ Status: 'skipped', LastError: 'deactivated' });
    expect(mailsTo(emailOf('buyerGlobex'))).toEqual([]);
  });
});
