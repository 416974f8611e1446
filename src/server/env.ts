/**
 * The server's configuration: the only module that reads `process.env`. Parsed once with zod
 * so that a typo in a variable fails at start with a clear message instead of at first use, and
 * in production so that an unsafe or broken setting fails the start in one line naming it
 * (docs/decisions/015, 031).
 */
import { createECDH } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { BUILD_INFO_FILE, isDemoProject, type BuildInfo } from '../shared/build-info';
import { PERSON_LOAD } from './http/person-load';
import { DEMO_PLANT } from './shipments/shipper';

/** Addresses of the server's own networks: a push origin there would have it post to itself. */
const OWN_NETWORKS: ReadonlyArray<[BlockList, string]> = (() => {
  const block = (what: string, v4: string[], v6: string[]) => {
    const list = new BlockList();
    for (const net of v4) list.addSubnet(net.split('/')[0]!, Number(net.split('/')[1]), 'ipv4');
    for (const net of v6) list.addSubnet(net.split('/')[0]!, Number(net.split('/')[1]), 'ipv6');
    return [list, what] as [BlockList, string];
  };
  return [
    block('a loopback', ['127.0.0.0/8', '0.0.0.0/8'], ['::1/128', '::/128']),
    block('a link-local', ['169.254.0.0/16'], ['fe80::/10']),
    block(
      'a private',
      ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'],
      ['fc00::/7'],
    ),
  ];
})();

/** What kind of own-network address `hostname` is ('a loopback', …), or null for another. */
function ownNetwork(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback';
  const family = isIP(host);
  if (family === 0) return null;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  const [address, type] = mapped
    ? [mapped, 'ipv4' as const]
    : [host, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  return OWN_NETWORKS.find(([list]) => list.check(address, type))?.[1] ?? null;
}

/** Whether the two VAPID keys are a P-256 pair, as web-push and the browsers need them. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(publicKey) || !base64url.test(privateKey)) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * What is wrong with the built PWA in `dir` for a production server of `projectId`, or null: a
 * missing folder, or a client built for the emulator, a demo project or another project (which
 * could not sign anyone in to this server).
 */
function staticDirProblem(dir: string, projectId: string): string | null {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    return `there is no folder ${dir} (build the PWA with npm run build)`;
  }
  if (!existsSync(join(dir, 'index.html'))) return `${dir} holds no index.html: not a built PWA`;
  let info: BuildInfo;
  try {
    info = JSON.parse(readFileSync(join(dir, BUILD_INFO_FILE), 'utf8')) as BuildInfo;
  } catch {
    return `${dir} has no readable ${BUILD_INFO_FILE}, so what it was built for is unknown: build it again with npm run build`;
  }
  if (info.firebaseUseEmulator !== false) {
    return `the PWA in ${dir} was built for the Auth emulator: build it with VITE_FIREBASE_USE_EMULATOR=false`;
  }
  if (typeof info.firebaseProjectId !== 'string' || isDemoProject(info.firebaseProjectId)) {
    return `the PWA in ${dir} was built for a demo project: build it with VITE_FIREBASE_PROJECT_ID and the real project's settings`;
  }
  if (info.firebaseProjectId !== projectId) {
    return `the PWA in ${dir} was built for the Firebase project ${info.firebaseProjectId}, this server accepts ${projectId}: nobody could sign in`;
  }
  return null;
}

/** A variable set to the empty string (`PORT= npm start`) counts as unset. */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z
  .object({
    NODE_ENV: blankIsUnset(z.enum(['development', 'production', 'test']).default('development')),
    PORT: blankIsUnset(z.coerce.number().int().min(0).max(65_535).default(8080)),
    /**
     * The address to listen on: this machine only unless told otherwise. `HOST=0.0.0.0` opens the
     * portal to the network (a phone on the LAN, a container behind its proxy).
     */
    HOST: blankIsUnset(z.string().default('127.0.0.1')),
    /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: blankIsUnset(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: blankIsUnset(z.string().default('.data/pglite')),
    FIREBASE_PROJECT_ID: blankIsUnset(z.string().default('demo-portal')),
    /** `host:port` of the Firebase Auth emulator; firebase-admin reads the same variable itself. */
    FIREBASE_AUTH_EMULATOR_HOST: blankIsUnset(
      z
        .string()
        .regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
        .optional(),
    ),
    /**
     * The Firebase project's Web API key (the client's VITE_FIREBASE_API_KEY): invitations have
     * Firebase send its password-reset email through the Identity Toolkit REST API, which needs it.
     * Not needed with the Auth emulator.
     */
    FIREBASE_WEB_API_KEY: blankIsUnset(z.string().optional()),
    /** Folder of the built PWA (e.g. `dist`) to serve beside the API. */
    STATIC_DIR: blankIsUnset(z.string().optional()),
    SEED: blankIsUnset(z.enum(['demo']).optional()),
    /**
     * `true` behind a proxy or load balancer that appends the client's address to
     * X-Forwarded-For: per-address rate limits then count that address. Otherwise the header is
     * ignored (anyone can send it) and the socket's peer counts.
     */
    TRUST_PROXY: blankIsUnset(
      z
        .enum(['true', 'false'])
        .default('false')
        .transform((value) => value === 'true'),
    ),
    /** `json` (one line per event, production) or `pretty` (`npm start`, needs pino-pretty). */
    LOG_FORMAT: blankIsUnset(z.enum(['json', 'pretty']).default('json')),
    LOG_LEVEL: blankIsUnset(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /**
     * Port of the Prometheus endpoint (`GET /metrics`), a listener of its own so that the metrics
     * are never served on the portal's public port. Unset: no metrics listener.
     */
    METRICS_PORT: blankIsUnset(z.coerce.number().int().min(0).max(65_535).optional()),
    /** Address of the metrics listener: this machine only unless told otherwise. */
    METRICS_HOST: blankIsUnset(z.string().default('127.0.0.1')),
    /**
     * The portal's public origin (`https://portal.example.com`), for the links in emails. Defaults
     * to this process's own address outside production.
     */
    PUBLIC_URL: blankIsUnset(
      z
        .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    /** Where notification emails are sent (`smtp://user:pass@host:587`); unset: no email. */
    SMTP_URL: blankIsUnset(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The sender of notification emails. */
    MAIL_FROM: blankIsUnset(z.string().default('Customer Portal <notifications@portal.localhost>')),
    /**
     * The plant's name: the shipper on its shipping papers and the sender block of every
     * notification email. Unset: the demo plant's (src/server/shipments/shipper.ts).
     */
    PLANT_NAME: blankIsUnset(z.string().max(120).default(DEMO_PLANT.name)),
    /**
     * The plant's postal address, its lines separated by `;` (`1 Mill Road; Springfield IL 62701;
     * United States`), at most five: under its name on the shipping papers and in the emails'
     * sender block. Unset: the demo plant's.
     */
    PLANT_ADDRESS: blankIsUnset(
      z
        .string()
        .max(400)
        .default(DEMO_PLANT.address.join('; '))
        .transform((value) =>
          value
            .split(';')
            .map((line) => line.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.string()).max(5, 'at most five lines, separated by ;')),
    ),
    /**
     * Web Push's VAPID key pair (`npx web-push generate-vapid-keys`). Unset outside production: the
     * server makes a pair on first start and keeps it in the database.
     */
    VAPID_PUBLIC_KEY: blankIsUnset(z.string().optional()),
    VAPID_PRIVATE_KEY: blankIsUnset(z.string().optional()),
    /** The contact push services may use about this sender: `mailto:` or `https:`. */
    VAPID_SUBJECT: blankIsUnset(
      z
        .string()
        .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
        .default('mailto:notifications@portal.localhost'),
    ),
    /**
     * Origins accepted as push endpoints besides the browsers' push services, comma-separated
     * (a self-hosted push service; the tests' local receiver).
     */
    PUSH_ENDPOINT_ORIGINS: blankIsUnset(
      z
        .string()
        .default('')
        .transform((value, ctx) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
            .flatMap((origin) => {
              if (!URL.canParse(origin)) {
                ctx.addIssue({ code: 'custom', message: `${origin} is not a URL` });
                return [];
              }
              return [new URL(origin).origin];
            }),
        ),
    ),
    /**
     * How many calls a minute one integration API key may make (http/rate-limit.ts says why 600);
     * a plant whose systems send more raises it.
     */
    INTEGRATION_KEY_RATE_LIMIT: blankIsUnset(
      z.coerce.number().int().min(1).max(1_000_000).default(600),
    ),
    /**
     * How many days before an invoice's due date its customer's people are reminded of it
     * (docs/product/invoices.md); 0 sends no such reminder.
     */
    INVOICE_DUE_SOON_DAYS: blankIsUnset(z.coerce.number().int().min(0).max(60).default(3)),
    /** How soon a failed email or push is first tried again (doubling each time). */
    DELIVERY_RETRY_SECONDS: blankIsUnset(z.coerce.number().int().min(1).max(3600).default(15)),
    /** On SIGTERM, how long requests in flight may take before their connections are cut. */
    SHUTDOWN_GRACE_MS: blankIsUnset(z.coerce.number().int().min(0).max(600_000).default(10_000)),
    /**
     * How long a client may take to send a whole request, headers and body, before its connection
     * is closed (408). Node's own 300 s let a slow or stalled body hold a connection for five
     * minutes; 60 s still takes the largest body (a 5 MB proof of delivery) over a poor mobile
     * link of about 0.7 Mbit/s.
     */
    REQUEST_TIMEOUT_MS: blankIsUnset(z.coerce.number().int().min(100).max(600_000).default(60_000)),
    /** How long a client may take to send a request's headers: a few hundred bytes. */
    HEADERS_TIMEOUT_MS: blankIsUnset(z.coerce.number().int().min(100).max(600_000).default(10_000)),
    /** How long an idle kept-alive connection stays open for the client's next request. */
    KEEP_ALIVE_TIMEOUT_MS: blankIsUnset(z.coerce.number().int().min(0).max(600_000).default(5_000)),
    /**
     * Connections one process holds at most; beyond it new ones are closed at once, so that a
     * flood of connections cannot exhaust the process's memory or file descriptors.
     */
    MAX_CONNECTIONS: blankIsUnset(z.coerce.number().int().min(1).max(1_000_000).default(1_000)),
    /**
     * Reads one person may make per minute in one process (http/person-load.ts; decision 037).
     * Far above any person's use; the bench, a script measuring the API's own speed, raises it.
     */
    READ_BUDGET_PER_MINUTE: blankIsUnset(
      z.coerce.number().int().min(1).max(1_000_000_000).default(PERSON_LOAD.reads.limit),
    ),
  })
  .superRefine((env, ctx) => {
    // Notifications are part of the product: a production server without them would tell nobody.
    if (env.NODE_ENV === 'production') {
      for (const name of [
        'PUBLIC_URL',
        'SMTP_URL',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'required in production (notification emails and Web Push)',
          });
        }
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    } else if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      !isVapidPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)
    ) {
      // Otherwise every push would fail at send time, long after the start looked fine.
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message:
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not a P-256 key pair in base64url (make one with npx web-push generate-vapid-keys)',
      });
    }
    // Node refuses to start a server whose headers may take longer than the whole request.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: 'must not exceed REQUEST_TIMEOUT_MS: the headers are part of the request',
      });
    }
    // The metrics would otherwise be served to whoever reaches the portal.
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    // The emulator accepts unsigned tokens and hands out every password-reset code: anyone could
    // sign in as anyone. It exists for development and tests only (docs/decisions/015).
    if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message:
          'must not be set in production: the Auth emulator accepts unsigned tokens and shows every reset code',
      });
    }
    if (env.NODE_ENV === 'production') productionChecks(env, ctx);
    // In production an invitation would otherwise fail only when staff first invite someone.
    if (
      env.NODE_ENV === 'production' &&
      !env.FIREBASE_AUTH_EMULATOR_HOST &&
      !env.FIREBASE_WEB_API_KEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_WEB_API_KEY'],
        message: 'required in production (without the Auth emulator) to send invitation emails',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * Settings that work in development and are unsafe or broken in production: each would otherwise
 * show only later, as a leak or as a feature that silently does nothing.
 */
function productionChecks(
  env: Pick<Env, 'PUBLIC_URL' | 'FIREBASE_PROJECT_ID' | 'PUSH_ENDPOINT_ORIGINS' | 'STATIC_DIR'>,
  ctx: z.RefinementCtx,
): void {
  const refuse = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  // Emails link to it, and a browser gives service workers, push and the sign-in's session
  // storage only to a secure origin.
  if (env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) {
    refuse('PUBLIC_URL', 'must be an https URL in production');
  }
  // A demo project's tokens are the emulator's: no real account can sign in to one.
  if (isDemoProject(env.FIREBASE_PROJECT_ID)) {
    refuse(
      'FIREBASE_PROJECT_ID',
      `${env.FIREBASE_PROJECT_ID} is a demo project, which only the Auth emulator serves: set the real Firebase project`,
    );
  }
  for (const origin of env.PUSH_ENDPOINT_ORIGINS) {
    const url = new URL(origin);
    if (url.protocol !== 'https:') {
      refuse(
        'PUSH_ENDPOINT_ORIGINS',
        `${origin} is not https: push services are reached over https only`,
      );
      continue;
    }
    // The server posts to these origins: one of its own networks would make it a way in.
    const own = ownNetwork(url.hostname);
    if (own) {
      refuse(
        'PUSH_ENDPOINT_ORIGINS',
        `${origin} is ${own} address: the server would post to its own network`,
      );
    }
  }
  if (env.STATIC_DIR !== undefined) {
    const problem = staticDirProblem(env.STATIC_DIR, env.FIREBASE_PROJECT_ID);
    if (problem) refuse('STATIC_DIR', problem);
  }
}

/** A configuration the server refuses, said in one line naming each variable. */
export class InvalidEnvironment extends Error {
  override name = 'InvalidEnvironment';
}

/** Parses a configuration from `source`; tests pass their own object instead of `process.env`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    // One line, so that a log collector keeps the whole reason together.
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new InvalidEnvironment(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

let parsed: Env | undefined;

/** This process's configuration, parsed on first use. */
export function getEnv(): Env {
  parsed ??= loadEnv();
  return parsed;
}
