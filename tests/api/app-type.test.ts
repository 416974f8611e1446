/**
 * `AppType` is what a typed client (`hc<AppType>`) is built from: these checks fail to compile
 * (`tsc -b`) if a route drops out of the chain in app.ts or its contract stops typing its input
 * and answers. At run time they only build a client, which sends nothing.
 *
 * The PWA does not import `AppType` (src/client may not import src/server, decision 012): it calls
 * the API through routes of its own (src/client/lib/api-route.ts), each a method, a path as the
 * contract writes it, the body it sends and the answer it reads. The second part holds every one
 * of them to `AppType` (decision 032): its method and path must be a route of the server's, its
 * body the JSON that route validates, its answer what that route answers. A route that drifts from
 * the server's fails `tsc -b`; a module of the PWA with a route this file does not check fails the
 * last test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import type { ExtractSchema } from 'hono/types';
import type { JSONParsed } from 'hono/utils/types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CustomerRow, CustomerUpdateInput } from '../../src/shared/schemas/customer';
import type { OrderDetail } from '../../src/shared/schemas/order';
import type { AppType } from '../../src/server/app';
// Type-only: nothing of the PWA runs here.
import type { ApiMethod, ApiRoute, FileAnswer } from '../../src/client/lib/api-route';
import type * as authServices from '../../src/client/auth/auth-services';
import type * as loadUserRecord from '../../src/client/auth/load-user-record';
import type * as createCatalogItem from '../../src/client/features/admin-catalog/api/create-catalog-item';
import type * as getCatalogItem from '../../src/client/features/admin-catalog/api/get-catalog-item';
import type * as getCatalogItems from '../../src/client/features/admin-catalog/api/get-catalog-items';
import type * as updateCatalogItem from '../../src/client/features/admin-catalog/api/update-catalog-item';
import type * as addresses from '../../src/client/features/admin-customers/api/addresses';
import type * as createCustomer from '../../src/client/features/admin-customers/api/create-customer';
import type * as getAdminCustomers from '../../src/client/features/admin-customers/api/get-admin-customers';
import type * as updateCustomer from '../../src/client/features/admin-customers/api/update-customer';
import type * as getUser from '../../src/client/features/admin-users/api/get-user';
import type * as getUsers from '../../src/client/features/admin-users/api/get-users';
import type * as inviteUser from '../../src/client/features/admin-users/api/invite-user';
import type * as updateUser from '../../src/client/features/admin-users/api/update-user';
import type * as getEvents from '../../src/client/features/audit/api/get-events';
import type * as getCompany from '../../src/client/features/company/api/get-company';
import type * as getPeople from '../../src/client/features/company/api/get-people';
import type * as savePerson from '../../src/client/features/company/api/save-person';
import type * as updateCompany from '../../src/client/features/company/api/update-company';
import type * as getCustomer from '../../src/client/features/customers/api/get-customer';
import type * as integrationClients from '../../src/client/features/integrations/api/integration-clients';
import type * as webhooks from '../../src/client/features/integrations/api/webhooks';
import type * as getCustomers from '../../src/client/features/customers/api/get-customers';
import type * as dashboardPath from '../../src/client/features/dashboard/api/dashboard-path';
import type * as lateOrders from '../../src/client/features/notifications/api/late-orders';
import type * as notificationList from '../../src/client/features/notifications/api/notification-list';
import type * as notifications from '../../src/client/features/notifications/api/notifications';
import type * as settings from '../../src/client/features/notifications/api/settings';
import type * as getOrderLists from '../../src/client/features/order-lists/api/get-order-lists';
import type * as orderListMutations from '../../src/client/features/order-lists/api/order-list-mutations';
import type * as changeOrderStatus from '../../src/client/features/orders/api/change-order-status';
import type * as changePromisedDate from '../../src/client/features/orders/api/change-promised-date';
import type * as createOrder from '../../src/client/features/orders/api/create-order';
import type * as decideApproval from '../../src/client/features/orders/api/decide-approval';
import type * as getOfferedCatalog from '../../src/client/features/orders/api/get-offered-catalog';
import type * as getOfferedItems from '../../src/client/features/orders/api/get-offered-items';
import type * as getOrderActivity from '../../src/client/features/orders/api/get-order-activity';
import type * as getOrderAgain from '../../src/client/features/orders/api/get-order-again';
import type * as getOrder from '../../src/client/features/orders/api/get-order';
import type * as getOrders from '../../src/client/features/orders/api/get-orders';
import type * as getShipToAddresses from '../../src/client/features/orders/api/get-ship-to-addresses';
import type * as recordProduction from '../../src/client/features/orders/api/record-production';
import type * as changeReleaseStatus from '../../src/client/features/releases/api/change-release-status';
import type * as createRelease from '../../src/client/features/releases/api/create-release';
import type * as getInventoryReleases from '../../src/client/features/releases/api/get-inventory-releases';
import type * as getOrderReleases from '../../src/client/features/releases/api/get-order-releases';
import type * as createRequest from '../../src/client/features/requests/api/create-request';
import type * as getRequestActivity from '../../src/client/features/requests/api/get-request-activity';
import type * as getRequestCounts from '../../src/client/features/requests/api/get-request-counts';
import type * as getRequest from '../../src/client/features/requests/api/get-request';
import type * as getRequests from '../../src/client/features/requests/api/get-requests';
import type * as postRequestMessage from '../../src/client/features/requests/api/post-request-message';
import type * as requestActions from '../../src/client/features/requests/api/request-actions';
import type * as createShipment from '../../src/client/features/shipments/api/create-shipment';
import type * as downloadShipmentFile from '../../src/client/features/shipments/api/download-shipment-file';
import type * as getShippingFacts from '../../src/client/features/shipments/api/get-shipping-facts';
import type * as getOrderShipments from '../../src/client/features/shipments/api/get-order-shipments';
import type * as getShipmentProofs from '../../src/client/features/shipments/api/get-shipment-proofs';
import type * as uploadShipmentProof from '../../src/client/features/shipments/api/upload-shipment-proof';
import type * as pushDevice from '../../src/client/lib/push-device';
import type * as getInvoices from '../../src/client/features/invoices/api/get-invoices';
import type * as getInvoice from '../../src/client/features/invoices/api/get-invoice';
import type * as getAccount from '../../src/client/features/invoices/api/get-account';
import type * as getStatement from '../../src/client/features/invoices/api/get-statement';

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

// ── The PWA's routes against the contract ────────────────────────────────────────────────────

/**
 * Every module of the PWA that declares a route with `apiRoute`, by its path under src/client.
 * The last test holds this list to the files.
 */
interface ClientModules {
  'auth/auth-services': typeof authServices;
  'auth/load-user-record': typeof loadUserRecord;
  'features/admin-catalog/api/create-catalog-item': typeof createCatalogItem;
  'features/admin-catalog/api/get-catalog-item': typeof getCatalogItem;
  'features/admin-catalog/api/get-catalog-items': typeof getCatalogItems;
  'features/admin-catalog/api/update-catalog-item': typeof updateCatalogItem;
  'features/admin-customers/api/addresses': typeof addresses;
  'features/admin-customers/api/create-customer': typeof createCustomer;
  'features/admin-customers/api/get-admin-customers': typeof getAdminCustomers;
  'features/admin-customers/api/update-customer': typeof updateCustomer;
  'features/admin-users/api/get-user': typeof getUser;
  'features/admin-users/api/get-users': typeof getUsers;
  'features/admin-users/api/invite-user': typeof inviteUser;
  'features/admin-users/api/update-user': typeof updateUser;
  'features/audit/api/get-events': typeof getEvents;
  'features/company/api/get-company': typeof getCompany;
  'features/company/api/get-people': typeof getPeople;
  'features/company/api/save-person': typeof savePerson;
  'features/company/api/update-company': typeof updateCompany;
  'features/customers/api/get-customer': typeof getCustomer;
  'features/integrations/api/integration-clients': typeof integrationClients;
  'features/integrations/api/webhooks': typeof webhooks;
  'features/customers/api/get-customers': typeof getCustomers;
  'features/dashboard/api/dashboard-path': typeof dashboardPath;
  'features/notifications/api/late-orders': typeof lateOrders;
  'features/invoices/api/get-account': typeof getAccount;
  'features/invoices/api/get-invoice': typeof getInvoice;
  'features/invoices/api/get-invoices': typeof getInvoices;
  'features/invoices/api/get-statement': typeof getStatement;
  'features/notifications/api/notification-list': typeof notificationList;
  'features/notifications/api/notifications': typeof notifications;
  'features/notifications/api/settings': typeof settings;
  'features/order-lists/api/get-order-lists': typeof getOrderLists;
  'features/order-lists/api/order-list-mutations': typeof orderListMutations;
  'features/orders/api/change-order-status': typeof changeOrderStatus;
  'features/orders/api/change-promised-date': typeof changePromisedDate;
  'features/orders/api/create-order': typeof createOrder;
  'features/orders/api/decide-approval': typeof decideApproval;
  'features/orders/api/get-offered-catalog': typeof getOfferedCatalog;
  'features/orders/api/get-offered-items': typeof getOfferedItems;
  'features/orders/api/get-order-activity': typeof getOrderActivity;
  'features/orders/api/get-order-again': typeof getOrderAgain;
  'features/orders/api/get-order': typeof getOrder;
  'features/orders/api/get-orders': typeof getOrders;
  'features/orders/api/get-ship-to-addresses': typeof getShipToAddresses;
  'features/orders/api/record-production': typeof recordProduction;
  'features/releases/api/change-release-status': typeof changeReleaseStatus;
  'features/releases/api/create-release': typeof createRelease;
  'features/releases/api/get-inventory-releases': typeof getInventoryReleases;
  'features/releases/api/get-order-releases': typeof getOrderReleases;
  'features/requests/api/create-request': typeof createRequest;
  'features/requests/api/get-request-activity': typeof getRequestActivity;
  'features/requests/api/get-request-counts': typeof getRequestCounts;
  'features/requests/api/get-request': typeof getRequest;
  'features/requests/api/get-requests': typeof getRequests;
  'features/requests/api/post-request-message': typeof postRequestMessage;
  'features/requests/api/request-actions': typeof requestActions;
  'features/shipments/api/create-shipment': typeof createShipment;
  'features/shipments/api/download-shipment-file': typeof downloadShipmentFile;
  'features/shipments/api/get-shipping-facts': typeof getShippingFacts;
  'features/shipments/api/get-order-shipments': typeof getOrderShipments;
  'features/shipments/api/get-shipment-proofs': typeof getShipmentProofs;
  'features/shipments/api/upload-shipment-proof': typeof uploadShipmentProof;
  'lib/push-device': typeof pushDevice;
}

/** Any route of the PWA. */
type AnyRoute = ApiRoute<ApiMethod, string, unknown, unknown>;

/** A module's routes by export name; an exported object of routes gives `name.key`. */
type RoutesOf<Module> = {
  [E in ExportedRoutes<Module> as E[0]]: E[1];
};
type ExportedRoutes<Module> = {
  [K in keyof Module & string]: Module[K] extends AnyRoute
    ? [K, Module[K]]
    : Module[K] extends (...args: never[]) => unknown
      ? never
      : Module[K] extends object
        ? {
            [J in keyof Module[K] & string]: Module[K][J] extends AnyRoute
              ? [`${K}.${J}`, Module[K][J]]
              : never;
          }[keyof Module[K] & string]
        : never;
}[keyof Module & string];

/** The server's endpoints of a method and path: one per status it may answer with. */
type Contract = ExtractSchema<AppType>;
type Endpoints<M extends ApiMethod, P extends string> = P extends keyof Contract
  ? `$${Lowercase<M>}` extends keyof Contract[P]
    ? Contract[P][`$${Lowercase<M>}`]
    : never
  : never;

/**
 * Where a route of the PWA differs from the server's of its method and path: `module: export
 * (METHOD path): what`. The body must be the JSON the route validates (each status the route may
 * answer with repeats it), the answer what it answers with success, each as the client sees it.
 */
type Mismatches = {
  [F in keyof ClientModules]: {
    [N in keyof RoutesOf<ClientModules[F]> & string]: RoutesOf<
      ClientModules[F]
    >[N] extends ApiRoute<infer M, infer P, infer Body, infer Answer>
      ? `${F}: ${N} (${M} ${P}): ${RouteMismatch<Endpoints<M, P>, Body, Answer>}`
      : never;
  }[keyof RoutesOf<ClientModules[F]> & string];
}[keyof ClientModules];

type RouteMismatch<E, Body, Answer> = [E] extends [never]
  ? 'no such route in AppType'
  : BodyMismatch<E, Body extends Blob ? undefined : Body> | AnswerMismatch<E, Answer>;

/** A Blob is sent as it is, not as JSON: of such a body the contract's types say nothing. */
type BodyMismatch<E, Body> = E extends { input: infer Input }
  ? Same<Body, Input extends { json: infer Json } ? Json : undefined> extends true
    ? never
    : 'body'
  : never;

/**
 * A raw `Response` is a file; a 204 has no body (apiFetch's null); a 200 or 201 its JSON, which
 * the client reads as the JSON form of its answer (an `unknown` field arrives as a JSON value).
 */
type AnswerMismatch<E, Answer> = [Extract<E, { output: Response }>] extends [never]
  ? E extends { status: 204 }
    ? Same<Answer, null> extends true
      ? never
      : 'answer'
    : E extends { status: 200 | 201; output: infer Output }
      ? Same<JSONParsed<Answer>, Output> extends true
        ? never
        : 'answer'
      : never
  : Same<Answer, FileAnswer> extends true
    ? never
    : 'answer';

/**
 * The same type, by TypeScript's own identity (assignability would let an extra optional field
 * pass), once both are written out as plain objects, so that `{ a } & { b }` is `{ a; b }`.
 */
type Same<A, B> =
  (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;
/** Written out to a depth no answer reaches; deeper, a type is left as it is (JSON is recursive). */
type Plain<T, Depth extends unknown[] = []> = Depth['length'] extends 8
  ? T
  : T extends object
    ? { [K in keyof T]: Plain<T[K], [...Depth, unknown]> }
    : T;

/** Holds the mismatches to none: otherwise the error names one of them. */
type NoMismatch<M extends never> = M;

type ModulesWithoutRoutes = {
  [F in keyof ClientModules]: [keyof RoutesOf<ClientModules[F]>] extends [never] ? F : never;
}[keyof ClientModules];

describe('the PWA against the contract', () => {
  it('calls each route with its method and path, sends its body and reads its answer', () => {
    // A mismatch fails to compile here, naming the route and what differs.
    expectTypeOf<NoMismatch<Mismatches>>().toBeNever();
    // Each module listed declares a route that the check above reached.
    expectTypeOf<ModulesWithoutRoutes>().toEqualTypeOf<never>();
  });

  it('checks the routes of every module that declares one', () => {
    const root = join(import.meta.dirname, '../../src/client');
    const declaring = sourceFiles(root)
      .filter((file) => /\bapiRoute\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file).replace(/\.tsx?$/, ''))
      .filter((module) => module !== 'lib/api-route')
      .sort();
    const source = readFileSync(import.meta.filename, 'utf8');
    const imported = new Map(
      [
        ...source.matchAll(
          /^import type \* as (\w+) from '\.\.\/\.\.\/src\/client\/([\w/-]+)';$/gm,
        ),
      ].map((m) => [m[1], m[2]]),
    );
    const listed = [...source.matchAll(/^ {2}'([\w/-]+)': typeof (\w+);$/gm)].map((m) => {
      expect(imported.get(m[2]!), `${m[1]} names the module it is`).toBe(m[1]);
      return m[1]!;
    });
    expect(listed.sort()).toEqual(declaring);
  });

  it('leaves no path of the API outside a route', () => {
    const root = join(import.meta.dirname, '../../src/client');
    const routes = join(root, 'lib/api-route.ts');
    const strays = sourceFiles(root)
      .filter((file) => file !== routes)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          // A route's own path, and comments, which name paths to explain.
          .replace(/apiRoute\(\s*'[A-Z]+',\s*'[^']*'/g, '')
          .replace(/^\s*\/\*[\s\S]*?\*\/|^\s*\/\/.*$|\s\/\/\s.*$/gm, '')
          .split('\n')
          .filter((line) => /['"`]\/api\//.test(line))
          .map((line) => `${relative(root, file)}: ${line.trim()}`),
      );
    expect(strays).toEqual([]);
  });
});

/** The PWA's modules, without its tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
