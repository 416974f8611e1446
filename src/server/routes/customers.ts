/** Customers (DESIGN §6): read by staff (and a buyer its own), written by administrators. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/api';
import { formatKilobytes, MAX_LOGO_BYTES, sniffLogoType } from '../../shared/logo';
import { isAdminRole } from '../../shared/roles';
import { idSchema } from '../../shared/schemas/common';
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerRowSchema,
  customerUpdateSchema,
} from '../../shared/schemas/customer';
import { adminOnly, authenticate, isStaff, requireAdmin, requireUser } from '../auth';
import { etagOf, requireIfMatch } from '../concurrency';
import type { AppEnv } from '../context';
import {
  findCustomerLogo,
  findCustomerRow,
  insertCustomer,
  listCustomers,
  updateCustomer,
  type StoredLogo,
} from '../db/customers';
import { ApiException, forbidden, invalidInput, notFound } from '../errors';
import { createIdempotently } from '../idempotency';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

const idParam = z.object({ id: idSchema });

/** A 256 KB logo is about 342 KB in base64; the other fields are small. */
const WRITE_BODY_LIMIT = 400 * 1024;

const tooLarge = (message: string, fields?: Record<string, string>) =>
  new ApiException(413, ERROR_CODES.tooLarge, message, fields);

const limitBody = bodyLimit({
  maxSize: WRITE_BODY_LIMIT,
  onError: () => {
    throw tooLarge(
      `The request is too large: a logo may be at most ${formatKilobytes(MAX_LOGO_BYTES)}.`,
      {
        Logo: `At most ${formatKilobytes(MAX_LOGO_BYTES)}.`,
      },
    );
  },
});

/**
 * The uploaded logo's bytes, checked by content (PNG, JPEG or WebP; never SVG) and size, with the
 * type it will be served as. The name or type a browser claims is never asked.
 */
function checkedLogo(base64: string): StoredLogo {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.byteLength > MAX_LOGO_BYTES) {
    const message = `The logo is ${formatKilobytes(bytes.byteLength)}; it may be at most ${formatKilobytes(MAX_LOGO_BYTES)}.`;
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

describeEndpoint({
  method: 'get',
  path: '/api/db/customers/:id/logo',
  summary: "A customer's logo image (public: an <img> sends no token)",
  tag: 'customers',
  auth: false,
  params: idParam,
  contentType: 'image/*',
  errors: [404],
});
describeEndpoint({
  method: 'get',
  path: '/api/db/customers',
  summary:
    'Customers: staff see the active ones (admins may ask for inactive ones too); buyers their own',
  tag: 'customers',
  query: customerListQuerySchema,
  row: customerRowSchema,
  list: true,
});
describeEndpoint({
  method: 'get',
  path: '/api/db/customers/:id',
  summary: 'One customer (staff: any; buyers: their own). ETag: its Version',
  tag: 'customers',
  params: idParam,
  row: customerRowSchema,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/customers',
  summary: 'Create a customer (admins). Logo: base64 of a PNG, JPEG or WebP up to 256 KB',
  tag: 'customers',
  body: customerCreateSchema,
  row: customerRowSchema,
  idempotent: true,
  errors: [409, 413],
});
describeEndpoint({
  method: 'put',
  path: '/api/db/customers/:id',
  summary: 'Update a customer (admins). Logo: omitted keeps it, null removes it',
  tag: 'customers',
  params: idParam,
  body: customerUpdateSchema,
  row: customerRowSchema,
  ifMatch: true,
  errors: [404, 409, 413],
});

export const customersRoutes = new Hono<AppEnv>()
  /**
   * The logo bytes, for `<img src>`. Public on purpose, and therefore registered before
   * `authenticate`: an <img> cannot send a bearer token, and a company's logo is its public brand
   * mark, so guessing an id reveals nothing confidential. The alternatives (fetching with the
   * token into a blob: URL, or a cookie session) would give every client a second loading path
   * and defeat the HTTP cache. The URL carries the customer's Version (`?v=`), so the current
   * version may be cached for good.
   */
  .get('/:id/logo', validate('param', idParam), async (c) => {
    const logo = await findCustomerLogo(c.var.db, c.req.valid('param').id);
    if (!logo) throw notFound('This customer has no logo.');
    const current = c.req.query('v') === String(logo.version);
    // Copied into a plain ArrayBuffer-backed array, which is what a Response body takes.
    return c.body(new Uint8Array(logo.bytes), 200, {
      'Content-Type': logo.type,
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      // Stored bytes are served from our own origin: never let a browser run them as a page.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  })
  .use(authenticate)
  /**
   * Staff see the active customers (the switch page); admins may also list inactive ones to manage
   * them. A buyer sees only its own customer, whatever it asks for.
   */
  .get('/', validate('query', customerListQuerySchema), async (c) => {
    const user = requireUser(c);
    if (!isStaff(user)) {
      const own =
        user.CustomerId === null ? null : await findCustomerRow(c.var.db, user.CustomerId);
      return c.json({ data: own ? [own] : [], nextCursor: null }, 200);
    }
    const query = c.req.valid('query');
    if (query.active !== 'true' && !isAdminRole(user.RoleName)) {
      throw forbidden('Only administrators may list inactive customers.');
    }
    const page = await listCustomers(c.var.db, query);
    return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
  })
  /** Another customer than a buyer's own is a 404 to it: it must not learn which ids exist. */
  .get('/:id', validate('param', idParam), async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const row =
      !isStaff(user) && user.CustomerId !== id ? null : await findCustomerRow(c.var.db, id);
    if (!row) throw notFound(`Customer ${id} does not exist.`);
    c.header('ETag', etagOf(row.Version));
    return c.json({ data: [row] }, 200);
  })
  .post('/', adminOnly, limitBody, validate('json', customerCreateSchema), async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    const { Logo, ...fields } = body;
    const logo = Logo == null ? null : checkedLogo(Logo);
    return createIdempotently(c, body, async (tx) => {
      const row = await insertCustomer(tx, { ...fields, logo }, admin.Uid);
      return { status: 201, body: { data: [row] } };
    });
  })
  .put(
    '/:id',
    adminOnly,
    limitBody,
    validate('param', idParam),
    validate('json', customerUpdateSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const version = requireIfMatch(c);
      const { id } = c.req.valid('param');
      const { Logo, ...fields } = c.req.valid('json');
      const logo = Logo === undefined ? undefined : Logo === null ? null : checkedLogo(Logo);
      const row = await c.var.db.transaction((tx) =>
        updateCustomer(tx, id, version, { ...fields, logo }, admin.Uid),
      );
      c.header('ETag', etagOf(row.Version));
      return c.json({ data: [row] }, 200);
    },
  );
