/**
 * A push service on loopback for the tests (HTTPS, with a certificate made for the run): it takes what the server POSTs to a subscription's
 * endpoint and keeps it, answering 201 as a push service does, or 410 under `/gone/` (a device the
 * service has forgotten). A test device is a real P-256 key pair and auth secret, so a payload is
 * decrypted exactly as the browser would (RFC 8291).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  /** The receiver's self-signed certificate: the sender trusts it as its push service's CA. */
  ca: string;
  received: PushDelivery[];
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1, made by Debian's openssl for this run only. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: PushDelivery[] = [];
  const tls = selfSignedCertificate();
  // Push services speak HTTPS only, and web-push sends over HTTPS only.
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: tls.cert,
    received,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** A browser's push subscription, with the private half the browser keeps to itself. */
export interface TestDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
}

export function makeDevice(endpoint: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    subscription: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  };
}

/** The payload of a push as the device reads it. */
export function readPush(device: TestDevice, delivery: PushDelivery): unknown {
  const plain = decrypt(delivery.body, {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.subscription.keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
