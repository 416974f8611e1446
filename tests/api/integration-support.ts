/** Helpers of the integration API tests: clients and keys made as an administrator, calls with a key. */
import type { IntegrationScope } from '../../src/shared/integration';
import { INTEGRATION_SCOPES } from '../../src/shared/integration';
import type {
  IntegrationClientRow,
  IntegrationKeyCreated,
} from '../../src/shared/schemas/integration-clients';
import type { UpsertResult } from '../../src/shared/schemas/integration';
import { json, type TestApi } from './support';

export interface TestClient {
  client: IntegrationClientRow;
  key: IntegrationKeyCreated;
}

/** Makes a client with `scopes` (all of them by default) and one key, as the file's admin. */
export async function makeClient(
  api: TestApi,
  name: string,
  scopes: readonly IntegrationScope[] = INTEGRATION_SCOPES,
): Promise<TestClient> {
  const res = await api.request('/api/db/integration-clients', {
    as: 'admin',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Name: name, Scopes: scopes }),
  });
  const client = (await json<{ data: [IntegrationClientRow] }>(res, 201)).data[0];
  return { client, key: await makeKey(api, client.Id) };
}

export async function makeKey(
  api: TestApi,
  clientId: number,
  body: Record<string, unknown> = {},
): Promise<IntegrationKeyCreated> {
  const res = await api.request(`/api/db/integration-clients/${clientId}/keys`, {
    as: 'admin',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await json<{ data: [IntegrationKeyCreated] }>(res, 201)).data[0];
}

/** Calls the API with an integration key (or any bearer token). */
export async function withKey(
  api: TestApi,
  secret: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return api.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Upserts `rows` at `/api/integration/v1/<path>` and answers every row's result. */
export async function upsert(
  api: TestApi,
  secret: string,
  path: string,
  rows: unknown[],
): Promise<UpsertResult[]> {
  const res = await withKey(api, secret, 'POST', `/api/integration/v1/${path}`, { Rows: rows });
  return (await json<{ data: UpsertResult[] }>(res, 200)).data;
}

export const outcomes = (results: UpsertResult[]) => results.map((r) => r.Outcome);

/** A catalog item as the plant's system sends it, numbered `n`, with `extra` fields over it. */
export const catalogItemRow = (n: number, extra: Record<string, unknown> = {}) => ({
  ExternalId: `MAT-${n}`,
  ItemNumber: `ERP-${n}`,
  Description: `Carton ${n}`,
  Length: 160,
  Width: 128,
  Height: 96,
  UnitPrice: 1.25,
  ...extra,
});
