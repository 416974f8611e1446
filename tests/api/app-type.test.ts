/**
 * `AppType` is what a typed client (`hc<AppType>`) is built from: these checks fail to compile
 * (`tsc -b`) if a route drops out of the chain in app.ts or its contract stops typing its input
 * and answers. At run time they only build a client, which sends nothing.
 *
 * The PWA does not import `AppType` (src/client may not import src/server, decision 012): its
 * fetchers read the answers with the shared schemas the contract is made of. The last block ties
 * the two together: what a fetcher resolves with and what it sends are the types the contract
 * declares for its route, so the client cannot drift from the server unnoticed.
 */
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { CustomerRow, CustomerUpdateInput } from '../../src/shared/schemas/customer';
import type { OrderDetail } from '../../src/shared/schemas/order';
import type { AppType } from '../../src/server/app';
// Type-only: nothing of the PWA runs here.
import type { getOrder } from '../../src/client/features/orders/api/get-order';
import type { getOrders } from '../../src/client/features/orders/api/get-orders';
import type { getOrderReleases } from '../../src/client/features/releases/api/get-order-releases';
import type { getDashboard } from '../../src/client/features/dashboard/api/get-dashboard';
import type { getCustomer } from '../../src/client/features/customers/api/get-customer';
import type { createCustomer } from '../../src/client/features/admin-customers/api/create-customer';
import type { getUser } from '../../src/client/features/admin-users/api/get-user';
import type { getCatalogItem } from '../../src/client/features/admin-catalog/api/get-catalog-item';
import type { getRequest } from '../../src/client/features/requests/api/get-request';
import type { getRequests } from '../../src/client/features/requests/api/get-requests';
import type { createRequest } from '../../src/client/features/requests/api/create-request';
import type { getOrderActivity } from '../../src/client/features/orders/api/get-order-activity';
import type { getRequestActivity } from '../../src/client/features/requests/api/get-request-activity';
import type { getEvents } from '../../src/client/features/audit/api/get-events';
import type { decideApproval } from '../../src/client/features/orders/api/decide-approval';

const client = hc<AppType>('http://localhost');
type Customer = (typeof client.api.db.customers)[':id'];
type PlaceOrder = typeof client.api.db.orders.$post;

/** What a fetcher of the PWA resolves with. */
type Fetched<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Row<R> = R extends { data: Array<infer T> } ? T : never;
type ClientApi = {
  getOrder: typeof getOrder;
  getOrders: typeof getOrders;
  getOrderReleases: typeof getOrderReleases;
  getDashboard: typeof getDashboard;
  getCustomer: typeof getCustomer;
  createCustomer: typeof createCustomer;
  getUser: typeof getUser;
  getCatalogItem: typeof getCatalogItem;
  getRequest: typeof getRequest;
  getRequests: typeof getRequests;
  createRequest: typeof createRequest;
  getOrderActivity: typeof getOrderActivity;
  getRequestActivity: typeof getRequestActivity;
  getEvents: typeof getEvents;
  decideApproval: typeof decideApproval;
};

describe('AppType', () => {
  it('types a read by its path, its answer by the route contract', () => {
    expectTypeOf<InferRequestType<Customer['$get']>['param']>().toHaveProperty('id');
    expectTypeOf<InferResponseType<Customer['$get'], 200>>().toEqualTypeOf<{
      data: CustomerRow[];
    }>();
  });

  it('types an update with its body and its If-Match header', () => {
    type Update = InferRequestType<Customer['$put']>;
    expectTypeOf<Update['json']>().toEqualTypeOf<CustomerUpdateInput>();
    expectTypeOf<Update['header']>().toHaveProperty('If-Match');
  });

  it('types the error answers', () => {
    expectTypeOf<InferResponseType<PlaceOrder, 201>>().toEqualTypeOf<{ data: OrderDetail[] }>();
    expectTypeOf<InferResponseType<PlaceOrder, 409>['error']['message']>().toBeString();
  });

  it('reaches every resource', () => {
    expectTypeOf(client.api.health.$get).toBeFunction();
    expectTypeOf(client.api['openapi.json'].$get).toBeFunction();
    expectTypeOf(client.api.db.users.uid[':uid'].$get).toBeFunction();
    expectTypeOf(client.api.db.catalog.$get).toBeFunction();
    expectTypeOf(client.api.db.requests[':id'].approve.$post).toBeFunction();
    expectTypeOf(client.api.db.dashboard.$get).toBeFunction();
    expectTypeOf(client.api.db['inventory-releases'].$get).toBeFunction();
    expectTypeOf(client.api.db.orders[':id'].releases[':releaseId'].status.$post).toBeFunction();
    expectTypeOf(client.api.db.orders[':id'].approval.$post).toBeFunction();
    expectTypeOf(client.api.db.company.$get).toBeFunction();
    expectTypeOf(client.api.db.company.people[':id'].$put).toBeFunction();
  });
});

describe('the PWA against the contract', () => {
  it('reads each answer as the row its route declares', () => {
    expectTypeOf<Fetched<ClientApi['getOrder']>>().toEqualTypeOf<
      Row<InferResponseType<(typeof client.api.db.orders)[':id']['$get'], 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getOrders']>['data']>().toEqualTypeOf<
      InferResponseType<typeof client.api.db.orders.$get, 200>['data']
    >();
    expectTypeOf<Fetched<ClientApi['getOrderReleases']>['data']>().toEqualTypeOf<
      InferResponseType<(typeof client.api.db.orders)[':id']['releases']['$get'], 200>['data']
    >();
    expectTypeOf<Fetched<ClientApi['getDashboard']>>().toEqualTypeOf<
      Row<InferResponseType<typeof client.api.db.dashboard.$get, 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getCustomer']>>().toEqualTypeOf<
      Row<InferResponseType<Customer['$get'], 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getUser']>>().toEqualTypeOf<
      Row<InferResponseType<(typeof client.api.db.users)[':id']['$get'], 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getCatalogItem']>>().toEqualTypeOf<
      Row<InferResponseType<(typeof client.api.db.catalog)[':id']['$get'], 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getRequest']>>().toEqualTypeOf<
      Row<InferResponseType<(typeof client.api.db.requests)[':id']['$get'], 200>>
    >();
    expectTypeOf<Fetched<ClientApi['getRequests']>['data']>().toEqualTypeOf<
      InferResponseType<typeof client.api.db.requests.$get, 200>['data']
    >();
    expectTypeOf<Fetched<ClientApi['getOrderActivity']>['data']>().toEqualTypeOf<
      InferResponseType<(typeof client.api.db.orders)[':id']['activity']['$get'], 200>['data']
    >();
    expectTypeOf<Fetched<ClientApi['getRequestActivity']>['data']>().toEqualTypeOf<
      InferResponseType<(typeof client.api.db.requests)[':id']['activity']['$get'], 200>['data']
    >();
    expectTypeOf<Fetched<ClientApi['decideApproval']>>().toEqualTypeOf<
      Row<InferResponseType<(typeof client.api.db.orders)[':id']['approval']['$post'], 200>>
    >();
    // An event's rows before and after are free-form JSON: the PWA reads them as `unknown`,
    // which Hono's client infers as its JSON value type; every other field must be equal.
    type Snapshots = 'Data' | 'Before' | 'After';
    expectTypeOf<Omit<Row<Fetched<ClientApi['getEvents']>>, Snapshots>>().toEqualTypeOf<
      Omit<Row<InferResponseType<typeof client.api.db.events.$get, 200>>, Snapshots>
    >();
  });

  it('sends the bodies its routes validate', () => {
    expectTypeOf<Parameters<ClientApi['createCustomer']>[0]>().toEqualTypeOf<
      InferRequestType<typeof client.api.db.customers.$post>['json']
    >();
    expectTypeOf<Parameters<ClientApi['createRequest']>[0]>().toEqualTypeOf<
      InferRequestType<typeof client.api.db.requests.$post>['json']
    >();
  });
});
