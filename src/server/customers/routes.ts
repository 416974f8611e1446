/** Customers: read by staff (and a buyer its own), written by administrators. */
import { createRoute, z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../../shared/api';
import { formatFileSize } from '../../shared/format';
import { MAX_LOGO_BYTES, sniffLogoType } from '../../shared/logo';
import { isAdminRole } from '../../shared/roles';
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerRowSchema,
  customerUpdateSchema,
} from '../../shared/schemas/customer';
import {
  adminOnly,
  authenticate,
  eventActor,
  isStaff,
  requireAdmin,
  requireUser,
} from '../identity/auth';
import { created, okVersioned, page } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { findCustomerLogo, findCustomerRow, listCustomers, type StoredLogo } from './queries';
import { createCustomer, updateCustomer } from './service';
import { ApiException, forbidden, invalidInput, notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  dataOf,
  errors,
  idParam,
  json,
  limitBody,
  pageOf,
  PUBLIC,
  publicErrors,
  writeRoutes,
} from '../http/openapi';

/** A 256 KB logo is about 342 KB in base64; the other fields are small. */
const WRITE_BODY_LIMIT = 400 * 1024;

const tooLarge = (message: string, fields?: Record<string, string>) =>
  new ApiException(413, ERROR_CODES.tooLarge, message, fields);

const writeLimit = limitBody(WRITE_BODY_LIMIT, () =>
  tooLarge(`The request is too large: a logo may be at most ${formatFileSize(MAX_LOGO_BYTES)}.`, {
    Logo: `At most ${formatFileSize(MAX_LOGO_BYTES)}.`,
  }),
);

/**
 * The uploaded logo's bytes, checked by content (PNG, JPEG or WebP; never SVG) and size, with the
 * type it will be served as. The name or type a browser claims is never asked.
 */
function checkedLogo(base64: string): StoredLogo {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.byteLength > MAX_LOGO_BYTES) {
    const message = `The logo is ${formatFileSize(bytes.byteLength)}; it may be at most ${formatFileSize(MAX_LOGO_BYTES)}.`;
    throw tooLarge(message, { Logo: message });
  }
  const type = sniffLogoType(bytes);
  if (type === null) {
    throw invalidInput('The logo is not a PNG, JPEG or WebP image.', {
      Logo: 'Choose a PNG, JPEG or WebP image (SVG is not accepted).',
    });
  }
  return { bytes, type };
}

const TAGS = ['customers'];

const getLogo = createRoute({
  method: 'get',
  operationId: 'getCustomerLogo',
  path: '/{id}/logo',
  summary: "A customer's logo image (public: an <img> sends no token)",
  tags: TAGS,
  security: PUBLIC,
  request: {
    params: idParam,
    query: z.object({
      v: z.string().optional().openapi({
        description: "The customer's Version: the current one may be cached for good.",
      }),
    }),
  },
  responses: {
    200: {
      description: 'The image (PNG, JPEG or WebP)',
      content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...publicErrors(404),
  },
});

const listCustomersRoute = createRoute({
  method: 'get',
  operationId: 'listCustomers',
  path: '/',
  summary:
    'Customers: staff see the active ones (admins may ask for inactive ones too); buyers their own',
  tags: TAGS,
  request: { query: customerListQuerySchema },
  responses: { 200: json(pageOf(customerRowSchema), 'A page of customers'), ...errors() },
});

const getCustomer = createRoute({
  method: 'get',
  operationId: 'getCustomer',
  path: '/{id}',
  summary: 'One customer (staff: any; buyers: their own). ETag: its Version',
  tags: TAGS,
  request: { params: idParam },
  responses: { 200: json(dataOf(customerRowSchema), 'The customer'), ...errors(404) },
});

const { createRoute: createCustomerRoute, updateRoute: updateCustomerRoute } = writeRoutes({
  tags: TAGS,
  middleware: [adminOnly],
  row: customerRowSchema,
  noun: 'customer',
  create: {
    operationId: 'createCustomer',
    summary: 'Create a customer (admins). Logo: base64 of a PNG, JPEG or WebP up to 256 KB',
    body: customerCreateSchema,
  },
  update: {
    operationId: 'updateCustomer',
    summary: 'Update a customer (admins). Logo: omitted keeps it, null removes it',
    body: customerUpdateSchema,
  },
});

// A logo travels in the JSON body: this router's bodies may be larger than the usual 16 KB.
const publicRoutes = createRouter({ bodyLimit: writeLimit })
  /**
   * The logo bytes, for `<img src>`. Public on purpose, and therefore registered before
   * `authenticate`: an <img> cannot send a bearer token, and a company's logo is its public brand
   * mark, so guessing an id reveals nothing confidential. The alternatives (fetching with the
   * token into a blob: URL, or a cookie session) would give every client a second loading path
   * and defeat the HTTP cache. The URL carries the customer's Version (`?v=`), so the current
   * version may be cached for good.
   */
  .openapi(getLogo, async (c) => {
    const logo = await findCustomerLogo(c.get('db'), c.req.valid('param').id);
    if (!logo) throw notFound('This customer has no logo.');
    const current = c.req.valid('query').v === String(logo.version);
    // Copied into a plain ArrayBuffer-backed array, which is what a Response body takes.
    return c.body(new Uint8Array(logo.bytes), 200, {
      'Content-Type': logo.type,
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      // Stored bytes are served from our own origin: never let a browser run them as a page.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
// Everything below needs a token; the logo above is registered first so it does not.
publicRoutes.use(authenticate);

export const customersRoutes = publicRoutes
  /**
   * Staff see the active customers (the switch page); admins may also list inactive ones to manage
   * them. A buyer sees only its own customer, whatever it asks for.
   */
  .openapi(listCustomersRoute, async (c) => {
    const user = requireUser(c);
    if (!isStaff(user)) {
      const own =
        user.CustomerId === null ? null : await findCustomerRow(c.get('db'), user.CustomerId);
      return page(c, own ? [own] : [], null);
    }
    const query = c.req.valid('query');
    if (query.active !== 'true' && !isAdminRole(user.RoleName)) {
      throw forbidden('Only administrators may list inactive customers.');
    }
    const { rows, nextCursor } = await listCustomers(c.get('db'), query);
    return page(c, rows, nextCursor);
  })
  /** Another customer than a buyer's own is a 404 to it: it must not learn which ids exist. */
  .openapi(getCustomer, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const row =
      !isStaff(user) && user.CustomerId !== id ? null : await findCustomerRow(c.get('db'), id);
    if (!row) throw notFound(`Customer ${id} does not exist.`);
    return okVersioned(c, row);
  })
  .openapi(createCustomerRoute, async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    const { Logo, ...fields } = body;
    const logo = Logo == null ? null : checkedLogo(Logo);
    return createIdempotently(c, body, async (tx) =>
      created(await createCustomer(tx, { ...fields, logo }, eventActor(admin))),
    );
  })
  .openapi(updateCustomerRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const { Logo, ...fields } = c.req.valid('json');
    const logo = Logo === undefined ? undefined : Logo === null ? null : checkedLogo(Logo);
    const row = await updateCustomer(
      c.get('db'),
      id,
      version,
      { ...fields, logo },
      eventActor(admin),
    );
    return okVersioned(c, row);
  });
