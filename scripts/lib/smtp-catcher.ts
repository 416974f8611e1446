/**
 * A real SMTP server for the tests (smtp-server, the one MailDev is built on), keeping each message
 * it accepts parsed (mailparser). It can refuse chosen recipients with a 550, as a real server
 * refuses an unknown mailbox, and stop and start again on the same port, as a mail server that is
 * down for a while.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipient (one per message: the portal sends each recipient its own). */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpCatcher {
  port: number;
  url: string;
  mails: CaughtMail[];
  /** Stops listening (connections are refused) until `start` again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpCatcher({
  refuse = [],
  port = 0,
}: { refuse?: string[]; port?: number } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const refused = new Set(refuse.map((a) => a.toLowerCase()));
  const make = () =>
    new SMTPServer({
      // Plain SMTP on loopback, no login: what a local catcher offers.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      // Stopping cuts the senders' pooled connections (421) at once, as a server going down does,
      // instead of waiting the default 30 s for them to end on their own.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = make();
  const listen = (on: number) =>
    new Promise<number>((listening, failed) => {
      server.once('error', failed);
      server.listen(on, '127.0.0.1', () =>
        listening((server.server.address() as AddressInfo).port),
      );
    });
  const bound = await listen(port);
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    stop: () => new Promise<void>((closed) => server.close(() => closed())),
    async start() {
      server = make();
      await listen(bound);
    },
  };
}
