/**
 * `npm run erp:demo`: a reference ERP to run beside `npm start`, so a newcomer sees the whole loop
 * of the integration API in the browser (docs/product/integration.md). It starts a webhook receiver
 * on loopback, registers it with the portal, and for each new order it is told of: verifies the
 * signature with `standardwebhooks`, reads the order's lines, acknowledges it with an ERP number
 * and a promised date per line, and a little later records production, releases the lot and ships
 * it, all through the upserts.
 *
 * Its key: `ERP_DEMO_KEY` (an integration key with the scopes below), or, without one, it signs in
 * as the demo administrator through the Auth emulator the portal serves at its origin, and makes
 * an integration client "Reference ERP" with a new key (printed once).
 *
 *   PORTAL_URL   where the portal is (default http://localhost:8080, `npm start`'s)
 *   ERP_DEMO_KEY an integration key (cpk_…); optional
 *   ERP_DEMO_PORT the receiver's port on 127.0.0.1 (default: any free one)
 *
 * The end-to-end test imports `startErpDemo` and runs the same program.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { addDays, localToday } from '../src/shared/calendar-date';
import type { IntegrationScope } from '../src/shared/integration';
import type { FeedEvent, IntegrationOrder } from '../src/shared/schemas/integration';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/seed/demo-accounts';
import { START_PORT } from './lib/constants';

export const ERP_CLIENT_NAME = 'Reference ERP';
const SCOPES: IntegrationScope[] = [
  'orders:read',
  'orders:write',
  'production:write',
  'shipments:write',
  'webhooks:manage',
];

export interface ErpDemoOptions {
  portalUrl: string;
  /** An integration key; without one, the demo administrator makes a client and a key. */
  apiKey?: string | undefined;
  port?: number;
  /** Which orders to handle (the end-to-end test takes its own only); all by default. */
  accept?: (event: FeedEvent) => boolean;
  /** How long after the acknowledgement the lot is produced, released and shipped. */
  shipAfterMs?: number;
  log?: (line: string) => void;
}

export interface ErpDemo {
  receiverUrl: string;
  endpointId: number;
  /** The orders acknowledged so far, by the portal's order number: the ERP number and dates. */
  handled: Map<number, { erpNumber: string; promised: string[] }>;
  /** Pauses its webhook and stops the receiver. */
  stop(): Promise<void>;
}

async function answer<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs in as the demo administrator and makes the reference ERP's client and a key. */
async function makeKey(portalUrl: string, log: (line: string) => void): Promise<string> {
  const admin = DEMO_USERS.find((u) => u.uid === 'demo-admin')!;
  const signedIn = await answer<{ idToken: string }>(
    await fetch(
      `${portalUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: admin.email,
          password: DEMO_PASSWORD,
          returnSecureToken: true,
        }),
      },
    ),
    'signing in as the demo administrator (is the Auth emulator running?)',
  );
  const headers = {
    Authorization: `Bearer ${signedIn.idToken}`,
    'Content-Type': 'application/json',
  };
  const clients = await answer<{ data: Array<{ Id: number; Name: string }> }>(
    await fetch(`${portalUrl}/api/db/integration-clients`, { headers }),
    'listing integration clients',
  );
  let clientId = clients.data.find((c) => c.Name === ERP_CLIENT_NAME)?.Id;
  if (clientId === undefined) {
    const made = await answer<{ data: [{ Id: number }] }>(
      await fetch(`${portalUrl}/api/db/integration-clients`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ Name: ERP_CLIENT_NAME, Scopes: SCOPES }),
      }),
      'making the integration client',
    );
    clientId = made.data[0].Id;
  }
  const key = await answer<{ data: [{ Secret: string }] }>(
    await fetch(`${portalUrl}/api/db/integration-clients/${clientId}/keys`, {
      method: 'POST',
      headers,
      body: '{}',
    }),
    'making a key',
  );
  log(
    `Made a key for "${ERP_CLIENT_NAME}" as the demo administrator (revoke it on /app/integrations).`,
  );
  return key.data[0].Secret;
}

const headersOf = (h: IncomingHttpHeaders): Record<string, string> => ({
  'webhook-id': String(h['webhook-id'] ?? ''),
  'webhook-timestamp': String(h['webhook-timestamp'] ?? ''),
  'webhook-signature': String(h['webhook-signature'] ?? ''),
});

export async function startErpDemo(options: ErpDemoOptions): Promise<ErpDemo> {
  const { portalUrl } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const shipAfterMs = options.shipAfterMs ?? 5_000;
  const key = options.apiKey ?? (await makeKey(portalUrl, log));
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    answer<T>(
      await fetch(`${portalUrl}/api/integration/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      `${method} ${path}`,
    );
  const upsert = async (path: string, rows: unknown[]) => {
    const { data } = await call<{ data: Array<{ Outcome: string; Error?: { message: string } }> }>(
      'POST',
      `/${path}`,
      { Rows: rows },
    );
    for (const r of data)
      if (r.Outcome === 'refused') log(`  ${path}: refused: ${r.Error?.message}`);
  };

  const handled = new Map<number, { erpNumber: string; promised: string[] }>();
  const seen = new Set<string>();
  let secret = '';

  async function handleOrder(event: FeedEvent) {
    const number = event.OrderNumber;
    if (number === null || handled.has(number)) return;
    const { data } = await call<{ data: [IntegrationOrder] }>('GET', `/orders/${number}`);
    const order = data[0];
    const erpNumber = `45${String(number).padStart(8, '0')}`;
    const today = localToday();
    // What the buyer asked, or two weeks out, one more day per line as a plant staggers them.
    const promised = order.Lines.map(
      (line) =>
        line.RequestedShipDate ?? order.RequestedShipDate ?? addDays(today, 13 + line.LineNumber),
    );
    handled.set(number, { erpNumber, promised });
    await upsert('order-acknowledgements', [
      {
        OrderNumber: number,
        ExternalId: erpNumber,
        Lines: order.Lines.map((line, i) => ({
          LineNumber: line.LineNumber,
          ExternalId: `${erpNumber}-${line.LineNumber * 10}`,
          PromisedShipDate: promised[i],
        })),
      },
    ]);
    log(`Order ${number}: acknowledged as ERP ${erpNumber}.`);
    setTimeout(() => {
      void (async () => {
        await upsert(
          'production',
          order.Lines.map((l) => ({
            OrderExternalId: erpNumber,
            LineNumber: l.LineNumber,
            QtyProduced: l.QtyOrdered,
          })),
        );
        await upsert(
          'releases',
          order.Lines.map((l) => ({
            ExternalId: `${erpNumber}-R${l.LineNumber}`,
            OrderExternalId: erpNumber,
            LineNumber: l.LineNumber,
            Qty: l.QtyOrdered,
            RequestedShipDate: today,
          })),
        );
        await upsert('shipments', [
          {
            ExternalId: `${erpNumber}-S1`,
            OrderExternalId: erpNumber,
            ShipDate: today,
            Carrier: 'UPS',
            TrackingNumber: `1Z${erpNumber}`,
            Pieces: order.Lines.length,
            Lines: order.Lines.map((l) => ({ LineNumber: l.LineNumber, Qty: l.QtyOrdered })),
          },
        ]);
        log(`Order ${number}: produced, released and shipped (UPS 1Z${erpNumber}).`);
      })().catch((error: unknown) => log(`Order ${number}: shipping failed: ${String(error)}`));
    }, shipAfterMs);
  }

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      let payload: { type: string; data: FeedEvent };
      try {
        payload = new Webhook(secret).verify(body, headersOf(req.headers)) as typeof payload;
      } catch {
        // Not signed with our secret: not the portal's, or tampered with.
        res.writeHead(401).end('bad signature');
        return;
      }
      // Answer at once; the work happens after. A webhook-id seen before is a repeat.
      res.writeHead(204).end();
      const id = String(req.headers['webhook-id']);
      if (seen.has(id)) return;
      seen.add(id);
      if (payload.type !== 'order.placed') return;
      if (options.accept && !options.accept(payload.data)) return;
      handleOrder(payload.data).catch((error: unknown) =>
        log(`Order ${payload.data.OrderNumber}: ${String(error)}`),
      );
    });
  });
  await new Promise<void>((listening) => server.listen(options.port ?? 0, '127.0.0.1', listening));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-webhooks`;
  const { data } = await call<{ data: [{ Id: number; Secret: string }] }>('POST', '/webhooks', {
    Url: receiverUrl,
    EventKinds: ['order.placed'],
  });
  secret = data[0].Secret;
  const endpointId = data[0].Id;
  log(`Receiving the portal's webhooks at ${receiverUrl} (webhook ${endpointId}).`);

  return {
    receiverUrl,
    endpointId,
    handled,
    async stop() {
      // Paused, so the portal stops trying a receiver that is gone.
      await call('PUT', `/webhooks/${endpointId}`, {
        Url: receiverUrl,
        EventKinds: ['order.placed'],
        Active: false,
      }).catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

if (process.argv[1]?.endsWith('erp-demo.ts')) {
  const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${START_PORT}`;
  startErpDemo({
    portalUrl,
    apiKey: process.env.ERP_DEMO_KEY || undefined,
    port: process.env.ERP_DEMO_PORT ? Number(process.env.ERP_DEMO_PORT) : 0,
  }).then(
    (demo) => {
      console.log(
        `The reference ERP is running against ${portalUrl}: place an order. Ctrl-C stops it.`,
      );
      const stop = () => void demo.stop().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
