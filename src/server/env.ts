/**
 * The server's configuration: the only module that reads `process.env`. Parsed once with zod
 * so that a typo in a variable fails at start with a clear message instead of at first use.
 */
import { z } from 'zod';

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
        .transform((value) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
            .map((origin) => new URL(origin).origin),
        ),
    ),
    /**
     * How many calls a minute one integration API key may make (http/rate-limit.ts says why 600);
     * a plant whose systems send more raises it.
     */
    INTEGRATION_KEY_RATE_LIMIT: blankIsUnset(
      z.coerce.number().int().min(1).max(1_000_000).default(600),
    ),
    /** How soon a failed email or push is first tried again (doubling each time). */
    DELIVERY_RETRY_SECONDS: blankIsUnset(z.coerce.number().int().min(1).max(3600).default(15)),
    /** On SIGTERM, how long requests in flight may take before their connections are cut. */
    SHUTDOWN_GRACE_MS: blankIsUnset(z.coerce.number().int().min(0).max(600_000).default(10_000)),
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

/** Parses a configuration from `source`; tests pass their own object instead of `process.env`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data;
}

let parsed: Env | undefined;

/** This process's configuration, parsed on first use. */
export function getEnv(): Env {
  parsed ??= loadEnv();
  return parsed;
}
