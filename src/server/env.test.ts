import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE, type BuildInfo } from '../shared/build-info';
import { loadEnv } from './env';

const vapid = webpush.generateVAPIDKeys();

describe('loadEnv', () => {
  it('has defaults for a development start', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 8080, TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as a boolean and refuses anything but true or false', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the operation settings, and keeps metrics off the public port', () => {
    expect(loadEnv({})).toMatchObject({
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      METRICS_HOST: '127.0.0.1',
      SHUTDOWN_GRACE_MS: 10_000,
    });
    expect(loadEnv({}).METRICS_PORT).toBeUndefined();
    expect(loadEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
    expect(() => loadEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('names each bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  const notifying = {
    PUBLIC_URL: 'https://portal.example.com/',
    SMTP_URL: 'smtp://mail.example.com:587',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    FIREBASE_PROJECT_ID: 'acme-portal',
  };

  it('requires the web API key in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', ...notifying })).toThrow(/FIREBASE_WEB_API_KEY/);
    expect(
      loadEnv({ NODE_ENV: 'production', FIREBASE_WEB_API_KEY: 'key', ...notifying }),
    ).toBeTruthy();
  });

  it('requires what notifications need in production, and takes it from the environment', () => {
    for (const name of Object.keys(notifying)) {
      const without = { NODE_ENV: 'production', FIREBASE_WEB_API_KEY: 'key', ...notifying };
      delete (without as Record<string, string>)[name];
      if (name === 'FIREBASE_PROJECT_ID') continue;
      expect(() => loadEnv(without)).toThrow(new RegExp(`${name}: required in production`));
    }
    const env = loadEnv({ NODE_ENV: 'production', FIREBASE_WEB_API_KEY: 'key', ...notifying });
    expect(env.PUBLIC_URL).toBe('https://portal.example.com');
    expect(() => loadEnv({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: 'only-half' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(
      loadEnv({ PUSH_ENDPOINT_ORIGINS: 'https://127.0.0.1:8443/x, https://push.test' })
        .PUSH_ENDPOINT_ORIGINS,
    ).toEqual(['https://127.0.0.1:8443', 'https://push.test']);
  });

  it('refuses the Auth emulator in production, and allows it otherwise', () => {
    const emulator = {
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_WEB_API_KEY: 'k',
      ...notifying,
    };
    expect(() => loadEnv({ ...emulator, NODE_ENV: 'production' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/,
    );
    expect(loadEnv({ ...emulator, NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBe(
      '127.0.0.1:9099',
    );
    expect(loadEnv({ ...emulator, NODE_ENV: 'test' }).FIREBASE_AUTH_EMULATOR_HOST).toBe(
      '127.0.0.1:9099',
    );
  });

  it('bounds how long a request and an idle connection may take, and how many connections', () => {
    expect(loadEnv({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 60_000,
      HEADERS_TIMEOUT_MS: 10_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_CONNECTIONS: 1_000,
    });
    expect(loadEnv({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' })).toMatchObject({
      REQUEST_TIMEOUT_MS: 1500,
      HEADERS_TIMEOUT_MS: 1000,
    });
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadEnv({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });

  it('reads the budget of reads per person and minute', () => {
    expect(loadEnv({}).READ_BUDGET_PER_MINUTE).toBe(1_200);
    expect(loadEnv({ READ_BUDGET_PER_MINUTE: '5000' }).READ_BUDGET_PER_MINUTE).toBe(5000);
    expect(() => loadEnv({ READ_BUDGET_PER_MINUTE: '0' })).toThrow(/READ_BUDGET_PER_MINUTE/);
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('loadEnv in production', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-env-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.com',
    SMTP_URL: 'smtp://mail.example.com:587',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    FIREBASE_PROJECT_ID: 'acme-portal',
    FIREBASE_WEB_API_KEY: 'key',
  };

  /** A folder as `npm run build` leaves it, with `info` as its build-info.json (none: null). */
  function built(name: string, info: BuildInfo | null): string {
    const dir = join(folder, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
    if (info) writeFileSync(join(dir, BUILD_INFO_FILE), JSON.stringify(info));
    return dir;
  }
  const real = { firebaseProjectId: 'acme-portal', firebaseUseEmulator: false };

  /** The one line the start fails with. */
  function refusal(env: Record<string, string>): string {
    try {
      loadEnv(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted: ${JSON.stringify(env)}`);
  }

  it('starts with a safe configuration and a build made for its project', () => {
    expect(loadEnv({ ...production, STATIC_DIR: built('good', real) }).STATIC_DIR).toBeTruthy();
  });

  it.each([
    [
      'PUBLIC_URL over http',
      { PUBLIC_URL: 'http://portal.example.com' },
      /^Invalid environment: PUBLIC_URL: must be an https URL in production/,
    ],
    [
      'the demo project',
      { FIREBASE_PROJECT_ID: 'demo-portal' },
      /FIREBASE_PROJECT_ID: .*demo project/,
    ],
    ['the default project', { FIREBASE_PROJECT_ID: '' }, /FIREBASE_PROJECT_ID: .*demo project/],
    [
      'VAPID keys that are not keys',
      { VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private' },
      /VAPID_PUBLIC_KEY: .*not a P-256 key pair/,
    ],
    [
      'VAPID keys of two pairs',
      { VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey },
      /VAPID_PUBLIC_KEY: .*not a P-256 key pair/,
    ],
    [
      'a private push origin',
      { PUSH_ENDPOINT_ORIGINS: 'https://push.example.com, https://10.1.2.3:8443' },
      /PUSH_ENDPOINT_ORIGINS: https:\/\/10\.1\.2\.3:8443 is a private/,
    ],
    [
      'a link-local push origin',
      { PUSH_ENDPOINT_ORIGINS: 'https://169.254.169.254' },
      /PUSH_ENDPOINT_ORIGINS: .*link-local/,
    ],
    [
      'a loopback push origin',
      { PUSH_ENDPOINT_ORIGINS: 'https://127.0.0.1:9443' },
      /PUSH_ENDPOINT_ORIGINS: .*loopback/,
    ],
    [
      'an IPv6 private push origin',
      { PUSH_ENDPOINT_ORIGINS: 'https://[fd12::1]' },
      /PUSH_ENDPOINT_ORIGINS: .*private/,
    ],
    [
      'a localhost push origin',
      { PUSH_ENDPOINT_ORIGINS: 'https://push.localhost' },
      /PUSH_ENDPOINT_ORIGINS: .*loopback/,
    ],
    [
      'a push origin over http',
      { PUSH_ENDPOINT_ORIGINS: 'http://push.example.com' },
      /PUSH_ENDPOINT_ORIGINS: .*https/,
    ],
    [
      'a STATIC_DIR that does not exist',
      { STATIC_DIR: '/nonexistent/dist' },
      /STATIC_DIR: .*no folder/,
    ],
  ])('refuses %s, in one line naming the variable', (_, change, message) => {
    const line = refusal({ ...production, ...change });
    expect(line).toMatch(message);
    expect(line.split('\n')).toHaveLength(1);
  });

  it('refuses a build made for the emulator, the demo project or another project, or of unknown make', () => {
    const cases: Array<[BuildInfo | null, RegExp]> = [
      [{ ...real, firebaseUseEmulator: true }, /built for the Auth emulator/],
      [{ firebaseProjectId: 'demo-portal', firebaseUseEmulator: false }, /demo project/],
      [
        { ...real, firebaseProjectId: 'globex-portal' },
        /built for the Firebase project globex-portal/,
      ],
      [null, /build-info\.json/],
    ];
    cases.forEach(([info, message], n) => {
      const line = refusal({ ...production, STATIC_DIR: built(`case-${n}`, info) });
      expect(line).toMatch(/^Invalid environment: STATIC_DIR: /);
      expect(line).toMatch(message);
      expect(line.split('\n')).toHaveLength(1);
    });
  });

  it('names every problem on the same line', () => {
    const line = refusal({
      ...production,
      PUBLIC_URL: 'http://x.test',
      FIREBASE_PROJECT_ID: 'demo-x',
    });
    expect(line).toMatch(/PUBLIC_URL: .*; FIREBASE_PROJECT_ID: /);
    expect(line.split('\n')).toHaveLength(1);
  });

  it('leaves development alone: the emulator build, the demo project and a local push receiver', () => {
    const dev = {
      PUBLIC_URL: 'http://localhost:8080',
      PUSH_ENDPOINT_ORIGINS: 'https://127.0.0.1:9443',
      STATIC_DIR: built('dev', { firebaseProjectId: 'demo-portal', firebaseUseEmulator: true }),
    };
    expect(loadEnv({ ...dev, NODE_ENV: 'development' }).FIREBASE_PROJECT_ID).toBe('demo-portal');
    expect(loadEnv({ ...dev, NODE_ENV: 'test' }).PUSH_ENDPOINT_ORIGINS).toEqual([
      'https://127.0.0.1:9443',
    ]);
  });
});
