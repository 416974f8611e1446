/**
 * `AppType` is what a typed client (`hc<AppType>`) is built from: these checks fail to compile
 * (`tsc -b`) if a route drops out of the chain in app.ts or its contract stops typing its input
 * and answers. At run time they only build a client, which sends nothing.
 */
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { CustomerRow, CustomerUpdateInput } from '../../src/shared/schemas/customer';
import type { OrderDetail } from '../../src/shared/schemas/order';
import type { AppType } from '../../src/server/app';

const client = hc<AppType>('http://localhost');
type Customer = (typeof client.api.db.customers)[':id'];
type PlaceOrder = typeof client.api.db.orders.$post;

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
  });
});
