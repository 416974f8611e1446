import { describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiPath,
  attachmentName,
  createApiDownload,
  createApiFetch,
  parseApiError,
  type ApiClientDeps,
} from './api-client';

function deps(response: Response, overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  const onAccountInactive = vi.fn();
  const all: ApiClientDeps = {
    getIdToken: () => Promise.resolve('token-1'),
    getCustomerId: () => null,
    onAccountInactive,
    fetch: fetchMock,
    ...overrides,
  };
  return { all, fetchMock, onAccountInactive };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('parseApiError', () => {
  it('reads code, message and field errors of the API error shape', () => {
    const error = parseApiError(400, {
      error: {
        code: 'invalid_input',
        message: 'Check the fields',
        fields: { 'lines.0.qty': 'Too many', bad: 3 },
      },
    });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Check the fields',
    });
    expect(error.fields).toEqual({ 'lines.0.qty': 'Too many' });
  });

  it('derives the code from the status when the body is not ours', () => {
    const error = parseApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('internal');
    expect(error.message).toBe('The request failed (HTTP 502).');
    expect(parseApiError(409, { error: { code: 'weird', message: 'x' } }).code).toBe('conflict');
    expect(parseApiError(404, null).code).toBe('not_found');
  });
});

describe('createApiFetch', () => {
  it('sends the bearer token and, when a customer is selected, X-Customer-Id', async () => {
    const { all, fetchMock } = deps(json(200, { data: [] }), { getCustomerId: () => 42 });
    const body = await createApiFetch(all)('/api/db/orders');
    expect(body).toEqual({ data: [] });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('X-Customer-Id')).toBe('42');
  });

  it('sends neither header when nobody is signed in and no customer is selected', async () => {
    const { all, fetchMock } = deps(json(200, {}), { getIdToken: () => Promise.resolve(null) });
    await createApiFetch(all)('/api/x');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-Customer-Id')).toBe(false);
  });

  it('rejects with a typed ApiRequestError', async () => {
    const { all } = deps(
      json(409, { error: { code: 'conflict', message: 'Order already confirmed' } }),
    );
    await expect(
      createApiFetch(all)('/api/x', { method: 'POST', body: '{}' }),
    ).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 409,
      code: 'conflict',
      message: 'Order already confirmed',
    });
  });

  it('signs out through onAccountInactive on 403 account_inactive or customer_inactive only', async () => {
    const inactive = deps(
      json(403, { error: { code: 'account_inactive', message: 'Deactivated' } }),
    );
    await expect(createApiFetch(inactive.all)('/api/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(inactive.onAccountInactive).toHaveBeenCalledOnce();

    const company = deps(json(403, { error: { code: 'customer_inactive', message: 'Paused' } }));
    await expect(createApiFetch(company.all)('/api/x')).rejects.toMatchObject({
      code: 'customer_inactive',
    });
    expect(company.onAccountInactive).toHaveBeenCalledOnce();

    const forbidden = deps(json(403, { error: { code: 'forbidden', message: 'No' } }));
    await expect(createApiFetch(forbidden.all)('/api/x')).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(forbidden.onAccountInactive).not.toHaveBeenCalled();
  });

  it('leaves an inactive account to the caller when asked not to report it (an early request)', async () => {
    const inactive = deps(
      json(403, { error: { code: 'account_inactive', message: 'Deactivated' } }),
    );
    await expect(
      createApiFetch(inactive.all)('/api/x', { reportInactive: false }),
    ).rejects.toMatchObject({ code: 'account_inactive' });
    expect(inactive.onAccountInactive).not.toHaveBeenCalled();
    // Not a header or an option the browser's fetch sees.
    expect(inactive.fetchMock.mock.calls[0]?.[1]).not.toHaveProperty('reportInactive');
  });

  it('resolves null for an empty answer', async () => {
    const { all } = deps(new Response(null, { status: 204 }));
    await expect(createApiFetch(all)('/api/x', { method: 'DELETE' })).resolves.toBeNull();
  });
});

describe('createApiDownload', () => {
  const pdf = () =>
    new Response('%PDF-1.3 body', {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="packing-list-order-7-shipment-3.pdf"',
      },
    });

  it('fetches a file with the bearer token and customer, as a Blob with its given name', async () => {
    const { all, fetchMock } = deps(pdf(), { getCustomerId: () => 5 });
    const file = await createApiDownload(all)('/api/db/shipments/3/packing-list');
    expect(file.fileName).toBe('packing-list-order-7-shipment-3.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3 body');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('X-Customer-Id')).toBe('5');
    expect(headers.get('Accept')).toBe('*/*');
  });

  it("rejects with the API's error, as a JSON call does", async () => {
    const { all } = deps(json(404, { error: { code: 'not_found', message: 'No such shipment' } }));
    await expect(createApiDownload(all)('/api/db/shipments/9/proof')).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 404,
      message: 'No such shipment',
    });
  });

  it('reads the name of Content-Disposition, quoted or bare, and nothing else', () => {
    expect(attachmentName('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(attachmentName('attachment; filename=scan.png; size=3')).toBe('scan.png');
    expect(attachmentName('inline')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});

describe('the one way to send If-Match and Idempotency-Key', () => {
  it('sends the Version quoted, as the ETag the server hands out, and the key as given', async () => {
    const { all, fetchMock } = deps(json(200, { data: [] }));
    await createApiFetch(all)('/api/x', { method: 'PUT', ifMatch: 7, idempotencyKey: 'key-12345' });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('If-Match')).toBe('"7"');
    expect(headers.get('Idempotency-Key')).toBe('key-12345');
  });
});

describe('apiPath', () => {
  it('leaves out what is not set and joins lists with commas', () => {
    expect(apiPath('/api/x', {})).toBe('/api/x');
    expect(
      apiPath('/api/x', {
        search: '  a b ',
        empty: '',
        none: null,
        missing: undefined,
        status: ['A', 'B'],
        noStatus: [],
        limit: 50,
        unread: false,
      }),
    ).toBe('/api/x?search=a+b&status=A%2CB&limit=50&unread=false');
  });
});
