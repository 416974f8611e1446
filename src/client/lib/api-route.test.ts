import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiRoute,
  pathOf,
  requestOf,
  type ParamNames,
  type RequestArgs,
  type Rows,
} from './api-route';

const production = apiRoute('PUT', '/api/db/orders/:id/lines/:lineId/production')
  .sends<{ QtyProduced: number }>()
  .answers<Rows<{ Id: number }>>();
const orders = apiRoute('GET', '/api/db/orders').answers<Rows<{ Id: number }>>();
const upload = apiRoute('POST', '/api/db/shipments/:id/proofs')
  .sends<Blob>()
  .answers<Rows<{ Id: number }>>();

describe('a route', () => {
  it('is its method and path at run time', () => {
    expect(production).toEqual({
      method: 'PUT',
      path: '/api/db/orders/:id/lines/:lineId/production',
    });
  });

  it('names its path parameters, which a request must give', () => {
    expectTypeOf<ParamNames<typeof production.path>>().toEqualTypeOf<'id' | 'lineId'>();
    expectTypeOf<ParamNames<'/api/db/orders'>>().toBeNever();
    expectTypeOf<RequestArgs<'/api/db/orders', undefined>>().toEqualTypeOf<
      [request?: RequestArgs<'/api/db/orders', undefined>[0]]
    >();
    // @ts-expect-error: the line's id is missing
    expect(() => pathOf(production, { id: 1 })).toThrow('needs its :lineId');
  });

  it('puts its parameters in its path, escaped, and its query after it', () => {
    expect(pathOf(production, { id: 4, lineId: 17 })).toBe('/api/db/orders/4/lines/17/production');
    const user = apiRoute('GET', '/api/db/users/uid/:uid').answers<Rows<{ Id: number }>>();
    expect(pathOf(user, { uid: 'a/b c' })).toBe('/api/db/users/uid/a%2Fb%20c');
    expect(pathOf(orders, undefined, { limit: 50, search: ' x ', cursor: undefined })).toBe(
      '/api/db/orders?limit=50&search=x',
    );
  });

  it('sends its method and its body as JSON, and a read as fetch always sent it', () => {
    const signal = new AbortController().signal;
    expect(requestOf(orders, { query: { limit: 2 }, signal })).toEqual({
      path: '/api/db/orders?limit=2',
      init: { signal },
    });
    expect(
      requestOf(production, {
        params: { id: 4, lineId: 17 },
        ifMatch: 3,
        body: { QtyProduced: 5 },
      }),
    ).toEqual({
      path: '/api/db/orders/4/lines/17/production',
      init: { method: 'PUT', ifMatch: 3, body: '{"QtyProduced":5}' },
    });
  });

  it('sends a Blob as it is', () => {
    const file = new Blob(['%PDF-']);
    const { init } = requestOf(upload, { params: { id: 9 }, body: file });
    expect(init).toEqual({ method: 'POST', body: file });
  });
});
