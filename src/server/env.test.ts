import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

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
    VAPID_PUBLIC_KEY: 'public',
    VAPID_PRIVATE_KEY: 'private',
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

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});
