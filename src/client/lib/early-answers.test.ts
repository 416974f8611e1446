import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, configureApiClient } from './api-client';
import { fetchOne } from './api-read';
import { apiRoute, type Rows } from './api-route';
import { askEarly, forgetEarly } from './early-answers';

const fetchMock = vi.fn<typeof fetch>();
const onAccountInactive = vi.fn();
const row = z.object({ Id: z.number() });
type Row = z.infer<typeof row>;
const xRoute = apiRoute('GET', '/api/db/x').answers<Rows<Row>>();
const yRoute = apiRoute('GET', '/api/db/y').answers<Rows<Row>>();
const postX = apiRoute('POST', '/api/db/x').sends<object>().answers<Rows<Row>>();
const answer = (id: number) =>
  new Response(JSON.stringify({ data: [{ Id: id }] }), {
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  fetchMock.mockReset();
  onAccountInactive.mockReset();
  configureApiClient({
    getIdToken: () => Promise.resolve('token'),
    getCustomerId: () => null,
    onAccountInactive,
    fetch: fetchMock,
  });
});
afterEach(forgetEarly);

describe('answers asked for before the page that reads them', () => {
  it('are read by the first GET of the same path, once, without asking again', async () => {
    fetchMock.mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    askEarly('/api/db/x?today=2025-06-02');
    const today = { query: { today: '2025-06-02' } };
    await expect(fetchOne(row, xRoute, today)).resolves.toEqual({ Id: 1 });
    expect(fetchMock).toHaveBeenCalledOnce();
    // Taken once: the next read asks.
    await expect(fetchOne(row, xRoute, today)).resolves.toEqual({ Id: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not read by another path, by a write to the same path, or once forgotten', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(9)));
    askEarly('/api/db/x');
    await fetchOne(row, yRoute);
    await fetchOne(row, postX, { body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    forgetEarly();
    await fetchOne(row, xRoute);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('hand a refusal to the page that reads it, without signing out for an inactive account', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'account_inactive', message: 'No' } }), {
        status: 403,
      }),
    );
    askEarly('/api/db/x');
    await expect(fetchOne(row, xRoute)).rejects.toBeInstanceOf(ApiRequestError);
    expect(onAccountInactive).not.toHaveBeenCalled();
  });
});
