/**
 * Sending one signed webhook (decision 040): the Standard Webhooks headers (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) signed with the `standardwebhooks` package, to an
 * address checked by the address policy at this very send, with a timeout, never following a
 * redirect. Answers what the delivery log keeps: the status, the time taken and the start of the
 * answer (never the secret or the signature).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EXCERPT_CHARS } from '../../shared/webhooks';
import { checkedAddress, RefusedUrl, type WebhookAddressPolicy } from './address-policy';

export interface SignedMessage {
  /** The `webhook-id`: the same for every attempt of one event to one endpoint. */
  id: string;
  timestamp: Date;
  /** The JSON body, exactly as signed. */
  body: string;
}

/** The `webhook-signature` header: one `v1,…` per secret, space-separated (a rotation: two). */
export function signatureHeader(secrets: readonly string[], message: SignedMessage): string {
  return secrets
    .map((s) => new Webhook(s).sign(message.id, message.timestamp, message.body))
    .join(' ');
}

export interface SendOutcome {
  statusCode: number | null;
  succeeded: boolean;
  latencyMs: number;
  excerpt: string;
}

const clip = (text: string) =>
  text.length > WEBHOOK_EXCERPT_CHARS ? `${text.slice(0, WEBHOOK_EXCERPT_CHARS)}…` : text;

/** Sends `message` to `url`, signed with each of `secrets`; never throws. */
export async function sendWebhook(
  url: string,
  secrets: readonly string[],
  message: SignedMessage,
  { policy, timeoutMs }: { policy: WebhookAddressPolicy; timeoutMs: number },
): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { statusCode: null, succeeded: false, latencyMs: 0, excerpt: 'Not a URL.' };
  }
  let address;
  try {
    address = await checkedAddress(target, policy);
  } catch (error) {
    const why = error instanceof RefusedUrl ? error.message : 'The address could not be checked.';
    return { statusCode: null, succeeded: false, latencyMs: took(), excerpt: why };
  }
  // The HTTP client connects to the checked address, never resolving the name again; TLS still
  // checks the certificate against the name (servername).
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'customer-portal-webhooks',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, message),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((settle) => {
    let done = false;
    const finish = (outcome: Omit<SendOutcome, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle({ ...outcome, latencyMs: took() });
    };
    const req = send(
      target,
      { method: 'POST', headers, lookup: pinned, agent: false },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Only the start is kept: a receiver's long answer is not read to its end.
          if (text.length > WEBHOOK_EXCERPT_CHARS) res.destroy();
        });
        const answered = () =>
          finish({
            statusCode: status,
            succeeded: status >= 200 && status < 300,
            excerpt: clip(
              status >= 300 && status < 400
                ? `Redirect to ${res.headers.location ?? '(nowhere)'} not followed. ${text}`.trim()
                : text,
            ),
          });
        res.on('end', answered);
        res.on('close', answered);
        res.on('error', answered);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        statusCode: null,
        succeeded: false,
        excerpt: `No answer within ${timeoutMs / 1000} s.`,
      });
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        succeeded: false,
        excerpt: clip(`Could not deliver: ${error.code ?? error.message}`),
      }),
    );
    req.end(message.body);
  });
}
