/**
 * A webhook receiver on loopback for the tests: a real HTTP server that keeps every request the
 * portal sends, and answers as the test says: 204, a 503 (down), nothing at all (hangs), or a
 * redirect (which the portal must not follow).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMode = 'ok' | 'down' | 'hang' | 'redirect';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (null: it hung). */
  status: number | null;
}

export interface WebhookReceiver {
  url: string;
  /** How it answers from now on. */
  mode: ReceiverMode;
  received: ReceivedWebhook[];
  /** The requests it answered 2xx. */
  accepted(): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    mode: 'ok',
    received,
    accepted: () => received.filter((r) => r.status !== null && r.status < 300),
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const record: ReceivedWebhook = {
        path: req.url ?? '',
        headers: req.headers,
        body,
        status: null,
      };
      received.push(record);
      switch (receiver.mode) {
        case 'hang':
          return; // never answers; the portal's timeout cuts it
        case 'down':
          record.status = 503;
          res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
          return;
        case 'redirect':
          record.status = 302;
          res.writeHead(302, { location: '/elsewhere' }).end();
          return;
        case 'ok':
          record.status = 204;
          res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
