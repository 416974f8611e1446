/** Helpers of the administration API tests (customers, users, catalog). */
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PROJECT_ID } from '../../scripts/lib/constants';
import { events } from '../../src/server/db/schema';
import { emulatorFetch, type ErrorBody, type TestApi, type Who } from './support';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON request as `as` (anonymous when undefined); the answer's status, headers and body. */
export async function send<T = { data: Array<Record<string, unknown>> }>(
  api: TestApi,
  method: string,
  path: string,
  options: { as?: Who | undefined; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const res = await api.request(path, {
    method,
    headers,
    ...(options.as ? { as: options.as } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** Asserts an error answer and returns its field names. */
export function expectError(answer: Answer, status: number, code: string): string[] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const { error } = answer.body as ErrorBody;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  return Object.keys(error.fields ?? {});
}

/** The audit entries of one row, oldest first. */
export function auditOf(api: TestApi, entity: string, id: number | string) {
  return api.db
    .select()
    .from(events)
    .where(and(eq(events.Entity, entity), eq(events.EntityId, String(id))))
    .orderBy(asc(events.Id));
}

/** A tiny but real PNG (1×1, transparent). */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);
/** The start of a JPEG (SOI + APP0 JFIF): the API recognises images by these bytes. */
export const JPEG_BYTES = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
export const WEBP_BYTES = Uint8Array.from(
  Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00', 'latin1'),
);

export const base64 = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64');

/** The newest code of this kind the Auth emulator recorded for this email, if any. */
async function latestOobCode(
  api: TestApi,
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string | undefined> {
  const res = await emulatorFetch(
    `http://${api.emulatorHost}/emulator/v1/projects/${PROJECT_ID}/oobCodes`,
  );
  const body = (await res.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  return body.oobCodes
    .filter((code) => code.email === email && code.requestType === requestType)
    .at(-1)?.oobCode;
}

/** The newest password-reset code the Auth emulator recorded for this email, if any. */
export const resetCodeFor = (api: TestApi, email: string) =>
  latestOobCode(api, email, 'PASSWORD_RESET');

/**
 * Proves a sign-up's address as its owner would: has Firebase send the verification email (as
 * the portal's sign-up does), then follows its link (applies the emulator's recorded code).
 */
export async function confirmEmail(api: TestApi, email: string, idToken: string): Promise<void> {
  const toolkit = `http://${api.emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const post = (path: string, body: unknown) =>
    emulatorFetch(`${toolkit}/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (await post('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken })).status,
  ).toBe(200);
  const oobCode = await latestOobCode(api, email, 'VERIFY_EMAIL');
  if (!oobCode) throw new Error(`No verification code was recorded for ${email}`);
  expect((await post('accounts:update', { oobCode })).status).toBe(200);
}

/** Sets a password with a reset code, as the /reset-password screen does. */
export async function resetPassword(api: TestApi, oobCode: string, newPassword: string) {
  const res = await emulatorFetch(
    `http://${api.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
  expect(res.status).toBe(200);
}
