/**
 * Every role against every endpoint (docs/product/roles.md): the table below says, for each
 * operation of the API, which roles it lets through; each role calls each operation and must be
 * refused with 403 exactly where the table says so. The operations come from the app's own
 * OpenAPI document, and the table must name each of them, so a new endpoint cannot be forgotten
 * (as src/shared/access.test.ts holds every route of the access table).
 *
 * A call lets a role through when its answer is anything but 401 or 403 (and no 5xx): a 404, a
 * 409 or a 412 is an answer to someone allowed to ask. The requests are valid (a validation
 * failure fails the test), so no refusal hides behind a 400, and most changes are sent at a stale
 * version (If-Match "999999") or for something that already exists, so that they change nothing
 * while their access is decided.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday } from '../../src/shared/calendar-date';
import {
  catalogItems,
  integrationClients,
  invoices,
  orderLines,
  orderLists,
  orders,
  releases,
  requests,
  shipments,
  shipToAddresses,
  users,
} from '../../src/server/db/schema';
import { customerIdOf, setupApi, type AccountKey, type TestApi } from './support';

let api: TestApi;

const ROLES_UNDER_TEST = [
  'admin',
  'webAdmin',
  'rep',
  'buyerAcme',
  'companyAdminAcme',
  'approverAcme',
  'viewerAcme',
  'buyerApproverAcme',
] as const satisfies readonly AccountKey[];
type Who = (typeof ROLES_UNDER_TEST)[number];

const EVERYONE: readonly Who[] = ROLES_UNDER_TEST;
const ADMINS: readonly Who[] = ['admin', 'webAdmin'];
const STAFF: readonly Who[] = [...ADMINS, 'rep'];
const BUYERS: readonly Who[] = ['buyerAcme', 'buyerApproverAcme'];
/** Those who order: staff on the customer's behalf, and its buyers. */
const ORDERERS: readonly Who[] = [...STAFF, ...BUYERS];
const APPROVERS: readonly Who[] = ['approverAcme', 'buyerApproverAcme'];
const COMPANY_ADMINS: readonly Who[] = ['companyAdminAcme'];
/** ACME's own people, whatever their roles. */
const ACME_PEOPLE: readonly Who[] = [...BUYERS, 'companyAdminAcme', 'approverAcme', 'viewerAcme'];

/** Which roles each operation lets through (the rest get 403). */
const ALLOWED: Record<string, readonly Who[]> = {
  getOpenApiDocument: EVERYONE,
  getHealth: EVERYONE,
  getReady: EVERYONE,
  showUnsubscribe: EVERYONE,
  unsubscribe: EVERYONE,
  resubscribe: EVERYONE,
  getCustomerLogo: EVERYONE,

  getUserByUid: EVERYONE,
  listUsers: ADMINS,
  inviteUser: ADMINS,
  getUser: ADMINS,
  updateUser: ADMINS,

  listCustomers: EVERYONE,
  getCustomer: EVERYONE,
  createCustomer: ADMINS,
  updateCustomer: ADMINS,

  getCompany: COMPANY_ADMINS,
  updateCompany: COMPANY_ADMINS,
  listCompanyPeople: COMPANY_ADMINS,
  inviteCompanyPerson: COMPANY_ADMINS,
  updateCompanyPerson: COMPANY_ADMINS,

  listAddresses: EVERYONE,
  createAddress: [...ADMINS, ...COMPANY_ADMINS],
  updateAddress: [...ADMINS, ...COMPANY_ADMINS],
  deleteAddress: [...ADMINS, ...COMPANY_ADMINS],

  listCatalogItems: EVERYONE,
  getCatalogItem: EVERYONE,
  createCatalogItem: ADMINS,
  updateCatalogItem: ADMINS,

  listRequests: EVERYONE,
  countRequests: EVERYONE,
  getRequest: EVERYONE,
  listRequestActivity: EVERYONE,
  createRequest: ORDERERS,
  writeRequestMessage: [...ADMINS, ...ACME_PEOPLE],
  markRequestRead: ADMINS,
  reviewRequest: ADMINS,
  quoteRequest: ADMINS,
  acceptRequest: BUYERS,
  declineRequest: BUYERS,
  approveRequest: ADMINS,
  rejectRequest: ADMINS,
  closeRequest: ADMINS,

  listOrders: EVERYONE,
  getOrder: EVERYONE,
  listOrderActivity: EVERYONE,
  listOrderReleases: EVERYONE,
  listOrderShipments: EVERYONE,
  placeOrder: ORDERERS,
  changeOrderStatus: ORDERERS,
  decideOrderApproval: APPROVERS,
  recordProduction: STAFF,
  changePromisedDate: STAFF,
  createReleases: ORDERERS,
  changeReleaseStatus: ORDERERS,
  createShipment: STAFF,

  listOrderLists: EVERYONE,
  getOrderList: EVERYONE,
  orderAgainLines: EVERYONE,
  createOrderList: ORDERERS,
  updateOrderList: ORDERERS,
  deleteOrderList: ORDERERS,

  listInventoryReleases: EVERYONE,
  getDashboard: EVERYONE,

  getShipmentPackingList: EVERYONE,
  getShipmentBillOfLading: EVERYONE,
  listShipmentProofs: EVERYONE,
  getShipmentProof: EVERYONE,
  getShipmentProofVersion: EVERYONE,
  uploadShipmentProof: STAFF,

  listNotifications: EVERYONE,
  countUnreadNotifications: EVERYONE,
  markNotificationRead: EVERYONE,
  markAllNotificationsRead: EVERYONE,
  getNotificationSettings: EVERYONE,
  updateNotificationSettings: EVERYONE,
  getPushKey: EVERYONE,
  listPushSubscriptions: EVERYONE,
  createPushSubscription: EVERYONE,
  deletePushSubscription: EVERYONE,

  listEvents: ADMINS,

  listIntegrationClients: ADMINS,
  getIntegrationClient: ADMINS,
  createIntegrationClient: ADMINS,
  updateIntegrationClient: ADMINS,
  createIntegrationKey: ADMINS,
  revokeIntegrationKey: ADMINS,
  listAdminWebhooks: ADMINS,
  createAdminWebhook: ADMINS,
  updateAdminWebhook: ADMINS,
  rotateAdminWebhookSecret: ADMINS,
  retireAdminWebhookSecret: ADMINS,
  listAdminWebhookDeliveries: ADMINS,
  sendAdminWebhookAgain: ADMINS,

  // The API reference is public; the integration API takes an integration client's key, never a
  // person's sign-in (403 to every role: docs/decisions/038).
  getApiReference: EVERYONE,
  getApiReferenceScript: EVERYONE,
  getApiReferenceStart: EVERYONE,
  upsertCustomers: [],
  upsertCatalogItems: [],
  acknowledgeOrders: [],
  upsertOrderStatuses: [],
  upsertProduction: [],
  upsertReleases: [],
  upsertShipments: [],
  upsertInvoices: [],
  upsertPayments: [],
  upsertCreditNotes: [],
  upsertCreditLimits: [],
  readEventsFeed: [],
  readIntegrationOrder: [],
  listWebhooks: [],
  createWebhook: [],
  updateWebhook: [],
  rotateWebhookSecret: [],
  retireWebhookSecret: [],
  listWebhookDeliveries: [],
  sendWebhookAgain: [],

  // A customer's account: every one of its people reads it, and staff for the customer.
  listInvoices: EVERYONE,
  getAccountSummary: EVERYONE,
  getInvoice: EVERYONE,
  getInvoicePdf: EVERYONE,
  getStatement: EVERYONE,
  getStatementPdf: EVERYONE,
};

/**
 * Operations on something a role may not even know exists: they refuse it with the 404 of
 * something that does not exist (an access request, to anyone but the administrators).
 */
const REFUSED_AS_NOT_FOUND: ReadonlySet<string> = new Set(['approveRequest', 'rejectRequest']);

/** A request's parts besides its method and path, which come from the OpenAPI document. */
interface Call {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  /** A raw body (a proof of delivery's bytes) instead of JSON. */
  raw?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

const INTEGRATION_CLIENT_NAME = 'Role table ERP';

/** A version no row has: a change sent with it changes nothing. */
const STALE = { 'If-Match': '"999999"' };
const inDays = (days: number) => addDays(localToday(), days);

interface Fixtures {
  acme: number;
  buyerUserId: number;
  itemId: number;
  item: typeof catalogItems.$inferSelect;
  addressId: number;
  submittedId: number;
  awaitingId: number;
  inWorkId: number;
  lineId: number;
  releaseId: number;
  shipmentId: number;
  quoteId: number;
  accessId: number;
  listId: number;
  listName: string;
  integrationClientId: number;
  invoiceId: number;
}
let f: Fixtures;

/** The valid request of each operation, as `who` sends it. */
function callOf(operationId: string, who: Who): Call {
  const quoteLine = {
    Description: 'Shipper box',
    Material: '200# C-flute kraft',
    Length: { Whole: 12, Fraction: '3/8' },
    Width: { Whole: 10, Fraction: '1/4' },
    Height: { Whole: 6, Fraction: '0' },
    Quantities: [500],
  };
  const person = { FirstName: 'Table', LastName: 'Person' };
  const address = {
    Name: 'Table Dock',
    Lines: ['1 Table Road'],
    City: 'Springfield',
    PostalCode: '62701',
    Country: 'United States',
  };
  // The plant's number is the integration API's to set, never a screen's.
  const {
    Id: _id,
    CreatedDate: _c,
    LastUpdatedDate: _l,
    Version: _v,
    ExternalId: _x,
    ...item
  } = f.item;
  switch (operationId) {
    case 'getOpenApiDocument':
    case 'getHealth':
    case 'getReady':
      return {};
    case 'showUnsubscribe':
      return { query: 'token=not-a-token' };
    case 'unsubscribe':
    case 'resubscribe':
      return { query: 'token=not-a-token' };
    case 'getCustomerLogo':
    case 'getCustomer':
      return { params: { id: f.acme } };
    case 'getUserByUid':
      return { params: { uid: api.accounts[who].uid } };
    case 'listUsers':
    case 'listCustomers':
    case 'getCompany':
    case 'listCompanyPeople':
    case 'listAddresses':
    case 'listCatalogItems':
    case 'listRequests':
    case 'countRequests':
    case 'listOrders':
    case 'listOrderLists':
    case 'listInventoryReleases':
    case 'getDashboard':
    case 'listNotifications':
    case 'countUnreadNotifications':
    case 'getNotificationSettings':
    case 'getPushKey':
    case 'listPushSubscriptions':
    case 'listEvents':
      return {};
    case 'getUser':
      return { params: { id: f.buyerUserId } };
    case 'inviteUser':
      // An email that has a portal user already: an admin is answered 409, and nothing is made.
      return {
        body: { Email: api.accounts.buyerAcme.email, ...person, RoleId: 3, CustomerId: f.acme },
      };
    case 'updateUser':
      return {
        params: { id: f.buyerUserId },
        body: { ...person, RoleId: 3, CustomerId: f.acme, Active: true },
        headers: STALE,
      };
    case 'createCustomer':
      return { body: { CustomerCode: 'ACME', CustomerName: 'Acme again', EmailAddresses: [] } };
    case 'updateCustomer':
      return {
        params: { id: f.acme },
        body: {
          CustomerCode: 'ACME',
          CustomerName: 'Acme Packaging',
          EmailAddresses: [],
          Active: true,
        },
        headers: STALE,
      };
    case 'updateCompany':
      return { body: { EmailAddresses: [] }, headers: STALE };
    case 'inviteCompanyPerson':
      return { body: { Email: api.accounts.buyerAcme.email, ...person, RoleIds: [3] } };
    case 'updateCompanyPerson':
      return {
        params: { id: f.buyerUserId },
        body: { ...person, RoleIds: [3], Active: true },
        headers: STALE,
      };
    case 'createAddress':
      // A customer that does not exist: nothing is made for those who may make one.
      return { body: { ...address, CustomerId: 999_999 } };
    case 'updateAddress':
      return { params: { id: f.addressId }, body: { ...address, IsDefault: true }, headers: STALE };
    case 'deleteAddress':
      return { params: { id: f.addressId }, headers: STALE };
    case 'getCatalogItem':
      return { params: { id: f.itemId } };
    case 'createCatalogItem':
      return { body: { ...item, UnitPrice: item.UnitPrice } };
    case 'updateCatalogItem':
      return { params: { id: f.itemId }, body: item, headers: STALE };
    case 'getRequest':
    case 'listRequestActivity':
      return { params: { id: f.quoteId } };
    case 'createRequest':
      return {
        body: {
          Type: 'quote',
          Subject: `Table ${who}`,
          Payload: { Lines: [quoteLine], NeededBy: inDays(30), Notes: '' },
        },
      };
    case 'writeRequestMessage':
      return { params: { id: f.quoteId }, body: { Body: `A word from ${who}` } };
    case 'markRequestRead':
      return { params: { id: f.quoteId } };
    case 'reviewRequest':
    case 'acceptRequest':
    case 'closeRequest':
      return { params: { id: f.quoteId }, headers: STALE };
    case 'quoteRequest':
      return {
        params: { id: f.quoteId },
        body: { Lines: [{ UnitPrices: [1.5] }], ValidUntil: inDays(20) },
        headers: STALE,
      };
    case 'declineRequest':
      return { params: { id: f.quoteId }, body: { Reason: '' }, headers: STALE };
    case 'approveRequest':
      return {
        params: { id: f.accessId },
        body: { RoleId: 3, CustomerId: f.acme },
        headers: STALE,
      };
    case 'rejectRequest':
      return { params: { id: f.accessId }, body: { Reason: 'No' }, headers: STALE };
    case 'getOrder':
    case 'listOrderActivity':
    case 'listOrderReleases':
    case 'listOrderShipments':
      return { params: { id: f.inWorkId } };
    case 'orderAgainLines':
      return { params: { id: f.submittedId } };
    case 'placeOrder':
      return {
        body: { PoNumber: `TABLE-${who}`, Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }] },
      };
    case 'changeOrderStatus':
      return { params: { id: f.submittedId }, body: { Status: 'Cancelled' }, headers: STALE };
    case 'decideOrderApproval':
      return { params: { id: f.awaitingId }, body: { Decision: 'approve' }, headers: STALE };
    case 'recordProduction':
      return {
        params: { id: f.inWorkId, lineId: f.lineId },
        body: { QtyProduced: 1 },
        headers: STALE,
      };
    case 'changePromisedDate':
      return {
        params: { id: f.inWorkId, lineId: f.lineId },
        body: { PromisedShipDate: inDays(40), Reason: 'Table' },
        headers: STALE,
      };
    case 'createReleases':
      // More than is on hand: refused as a conflict by those who may release.
      return {
        params: { id: f.inWorkId },
        body: { RequestedShipDate: inDays(10), Lines: [{ OrderLineId: f.lineId, Qty: 999_999 }] },
      };
    case 'changeReleaseStatus':
      return {
        params: { id: f.inWorkId, releaseId: f.releaseId },
        body: { Status: 'cancelled' },
        headers: STALE,
      };
    case 'createShipment':
      return {
        params: { id: f.inWorkId },
        body: { ShipDate: localToday(), Carrier: 'UPS', ReleaseIds: [999_999] },
      };
    case 'getOrderList':
      return { params: { id: f.listId } };
    case 'createOrderList':
      // A name the customer already has: a conflict for those who keep lists.
      return {
        body: { Name: f.listName, Lines: [{ CatalogItemId: f.itemId, QtyOrdered: 1 }] },
      };
    case 'updateOrderList':
      return { params: { id: f.listId }, body: { Name: `${f.listName} too` }, headers: STALE };
    case 'deleteOrderList':
      return { params: { id: f.listId }, headers: STALE };
    case 'getShipmentPackingList':
    case 'getShipmentBillOfLading':
    case 'listShipmentProofs':
    case 'getShipmentProof':
      return { params: { id: f.shipmentId } };
    case 'getShipmentProofVersion':
      return { params: { id: f.shipmentId, proofId: 999_999 } };
    case 'uploadShipmentProof':
      // Not a PDF, JPEG or PNG: staff are told so (422), nothing is kept.
      return { params: { id: f.shipmentId }, raw: new TextEncoder().encode('plain text') };
    case 'markNotificationRead':
      return { params: { id: 999_999 } };
    case 'markAllNotificationsRead':
      return { body: { UpToId: 1 } };
    case 'updateNotificationSettings':
      return { body: { Choices: {} }, headers: STALE };
    case 'createPushSubscription':
      // Push is off on this app: those who may register a device are told so (404).
      return {
        body: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/table',
          keys: {
            p256dh: Buffer.alloc(65, 4).toString('base64url'),
            auth: Buffer.alloc(16, 7).toString('base64url'),
          },
        },
      };
    case 'deletePushSubscription':
      return { params: { id: 999_999 } };
    case 'listIntegrationClients':
    case 'getApiReference':
    case 'getApiReferenceScript':
    case 'getApiReferenceStart':
    case 'readEventsFeed':
      return {};
    case 'getIntegrationClient':
      return { params: { id: f.integrationClientId } };
    case 'createIntegrationClient':
      // A name taken already: an administrator is answered 409, and nothing is made.
      return { body: { Name: INTEGRATION_CLIENT_NAME, Scopes: ['events:read'] } };
    case 'updateIntegrationClient':
      return {
        params: { id: f.integrationClientId },
        body: { Name: INTEGRATION_CLIENT_NAME, Scopes: ['events:read'] },
        headers: STALE,
      };
    case 'createIntegrationKey':
      // A client that does not exist: nothing is made for those who may.
      return { params: { id: 999_999 }, body: {} };
    case 'revokeIntegrationKey':
      return { params: { id: 999_999, keyId: 999_999 } };
    // Webhooks of a client that has none, or of one that does not exist: nothing changes.
    case 'listAdminWebhooks':
      return { params: { id: f.integrationClientId } };
    case 'createAdminWebhook':
      return {
        params: { id: 999_999 },
        body: { Url: 'http://127.0.0.1:9/hooks', EventKinds: ['order.placed'] },
      };
    case 'updateAdminWebhook':
      return {
        params: { id: f.integrationClientId, webhookId: 999_999 },
        body: { Url: 'http://127.0.0.1:9/hooks', EventKinds: ['order.placed'] },
      };
    case 'rotateAdminWebhookSecret':
    case 'retireAdminWebhookSecret':
    case 'listAdminWebhookDeliveries':
      return { params: { id: f.integrationClientId, webhookId: 999_999 } };
    case 'sendAdminWebhookAgain':
      return { params: { id: f.integrationClientId, webhookId: 999_999, deliveryId: 999_999 } };
    case 'readIntegrationOrder':
      return { params: { OrderNumber: 999_999 } };
    case 'listWebhooks':
      return {};
    case 'createWebhook':
      return { body: { Url: 'http://127.0.0.1:9/hooks', EventKinds: ['order.placed'] } };
    case 'updateWebhook':
      return {
        params: { webhookId: 999_999 },
        body: { Url: 'http://127.0.0.1:9/hooks', EventKinds: ['order.placed'] },
      };
    case 'rotateWebhookSecret':
    case 'retireWebhookSecret':
    case 'listWebhookDeliveries':
      return { params: { webhookId: 999_999 } };
    case 'sendWebhookAgain':
      return { params: { webhookId: 999_999, deliveryId: 999_999 } };
    case 'upsertCustomers':
    case 'upsertCatalogItems':
    case 'acknowledgeOrders':
    case 'upsertOrderStatuses':
    case 'upsertProduction':
    case 'upsertReleases':
    case 'upsertShipments':
    case 'upsertInvoices':
    case 'upsertPayments':
    case 'upsertCreditNotes':
    case 'upsertCreditLimits':
      return { body: { Rows: [] } };
    case 'listInvoices':
    case 'getAccountSummary':
    case 'getStatement':
    case 'getStatementPdf':
      return {};
    case 'getInvoice':
    case 'getInvoicePdf':
      return { params: { id: f.invoiceId } };
    default:
      throw new Error(`No request is written for ${operationId}: add one, and its row in ALLOWED.`);
  }
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  public: boolean;
}

let operations: Operation[];

beforeAll(async () => {
  api = await setupApi();
  const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      public: Array.isArray(op.security) && op.security.length === 0,
    })),
  );

  const acme = await customerIdOf(api, 'ACME');
  const one = async <T>(rows: Promise<T[]>): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error('a fixture is missing from the seed');
    return row;
  };
  const byPo = (po: string) =>
    one(
      api.db
        .select({ Id: orders.Id })
        .from(orders)
        .where(and(eq(orders.CustomerId, acme), eq(orders.PoNumber, po))),
    );
  const inWork = await byPo('DEMO-ACME-004');
  const item = await one(
    api.db
      .select()
      .from(catalogItems)
      .where(and(eq(catalogItems.CustomerId, acme), eq(catalogItems.ItemNumber, 'ACM-1001'))),
  );
  const [client] = await api.db
    .insert(integrationClients)
    .values({
      Name: INTEGRATION_CLIENT_NAME,
      Scopes: ['events:read'],
      CreatedByUid: api.accounts.admin.uid,
    })
    .returning();
  const listName = 'Role table list';
  const [list] = await api.db
    .insert(orderLists)
    .values({
      CustomerId: acme,
      Name: listName,
      Lines: [{ CatalogItemId: item.Id, QtyOrdered: 1 }],
      CreatedByUid: api.accounts.buyerAcme.uid,
    })
    .returning();
  f = {
    acme,
    integrationClientId: client!.Id,
    // A demo invoice of ACME's (the seed's).
    invoiceId: (
      await one(
        api.db.select({ Id: invoices.Id }).from(invoices).where(eq(invoices.CustomerId, acme)),
      )
    ).Id,
    buyerUserId: (
      await one(
        api.db
          .select({ Id: users.Id })
          .from(users)
          .where(eq(users.Uid, api.accounts.buyerAcme.uid)),
      )
    ).Id,
    itemId: item.Id,
    item,
    addressId: (
      await one(
        api.db
          .select({ Id: shipToAddresses.Id })
          .from(shipToAddresses)
          .where(eq(shipToAddresses.CustomerId, acme)),
      )
    ).Id,
    submittedId: (await byPo('DEMO-ACME-001')).Id,
    awaitingId: (await byPo('DEMO-ACME-010')).Id,
    inWorkId: inWork.Id,
    lineId: (
      await one(
        api.db
          .select({ Id: orderLines.Id })
          .from(orderLines)
          .where(eq(orderLines.OrderId, inWork.Id)),
      )
    ).Id,
    releaseId: (
      await one(
        api.db
          .select({ Id: releases.Id })
          .from(releases)
          .where(and(eq(releases.OrderId, inWork.Id), eq(releases.Status, 'requested'))),
      )
    ).Id,
    shipmentId: (
      await one(
        api.db.select({ Id: shipments.Id }).from(shipments).where(eq(shipments.CustomerId, acme)),
      )
    ).Id,
    quoteId: (
      await one(
        api.db
          .select({ Id: requests.Id })
          .from(requests)
          .where(and(eq(requests.CustomerId, acme), eq(requests.Type, 'quote'))),
      )
    ).Id,
    accessId: (
      await one(
        api.db.select({ Id: requests.Id }).from(requests).where(eq(requests.Type, 'access')),
      )
    ).Id,
    listId: list!.Id,
    listName,
  };
});
afterAll(() => api?.close());

interface Answered {
  status: number;
  /** The error's message, when the answer is one. */
  message: string | null;
}

async function answerOf(operation: Operation, who: Who): Promise<Answered> {
  const call = callOf(operation.operationId, who);
  const path =
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = call.params?.[name];
      if (value === undefined) throw new Error(`${operation.operationId} needs {${name}}`);
      return String(value);
    }) + (call.query ? `?${call.query}` : '');
  const headers: Record<string, string> = {
    // Staff act for ACME; its own people's customer is theirs whatever this says.
    'X-Customer-Id': String(f.acme),
    ...call.headers,
  };
  if (call.raw) headers['Content-Type'] = 'application/octet-stream';
  else if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await api.request(path, {
    method: operation.method,
    headers,
    body: call.raw
      ? new Blob([call.raw])
      : call.body === undefined
        ? undefined
        : JSON.stringify(call.body),
    ...(operation.public ? {} : { as: who }),
  });
  const text = await res.text();
  let message: string | null = null;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? null;
  } catch {
    // A file or a page: no error.
  }
  return { status: res.status, message };
}

/** What `@hono/zod-openapi`'s validation answers: the request itself was written wrong. */
const INVALID_REQUEST = 'Some input is not valid.';

describe('every role against every endpoint', () => {
  it('has a row for every operation of the API, and none for one it does not have', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('lets each role through exactly where the table says, and refuses it with 403 elsewhere', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const who of ROLES_UNDER_TEST) {
        const { status, message } = await answerOf(operation, who);
        const allowed = ALLOWED[operation.operationId]?.includes(who) ?? false;
        const refused =
          status === 403 ||
          status === 401 ||
          (status === 404 && REFUSED_AS_NOT_FOUND.has(operation.operationId));
        const outcome = refused ? 'refused' : 'allowed';
        if (status >= 500 || (status === 400 && message === INVALID_REQUEST)) {
          wrong.push(`${operation.operationId} as ${who}: ${status} ${message ?? ''}`);
        } else if (outcome !== (allowed ? 'allowed' : 'refused')) {
          wrong.push(
            `${operation.operationId} as ${who}: ${status}, expected ${allowed ? 'through' : '403'}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
