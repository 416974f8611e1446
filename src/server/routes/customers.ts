/** Customers (DESIGN §6). */
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas/common';
import { customerListQuerySchema, customerRowSchema } from '../../shared/schemas/customer';
import { authenticate, isStaff, requireUser, resolveCustomerScope } from '../auth';
import type { AppEnv } from '../context';
import {
  findCustomerLogo,
  findCustomerRow,
  listActiveCustomers,
  type CustomerKey,
} from '../db/customers';
import { notFound } from '../errors';
import { describeEndpoint } from '../openapi';
import { decodeCursor, encodeCursor } from '../pagination';
import { validate } from '../validate';

const idParam = z.object({ id: idSchema });
const keySchema: z.ZodType<CustomerKey> = z.object({ name: z.string(), id: idSchema }).strict();

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
  summary: 'Customers to act for: staff see active ones (searchable); buyers their own',
  tag: 'customers',
  query: customerListQuerySchema,
  row: customerRowSchema,
  list: true,
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
   * For the switch-customer page: staff see the active customers, searchable and paginated;
   * a buyer sees only its own customer, whatever it asks for.
   */
  .get('/', validate('query', customerListQuerySchema), async (c) => {
    const user = requireUser(c);
    if (!isStaff(user)) {
      const { customerId } = await resolveCustomerScope(c);
      const own = await findCustomerRow(c.var.db, customerId);
      return c.json({ data: own ? [own] : [], nextCursor: null }, 200);
    }
    const { search, limit, cursor } = c.req.valid('query');
    const page = await listActiveCustomers(c.var.db, {
      search,
      limit,
      after: cursor === undefined ? undefined : decodeCursor(cursor, keySchema),
    });
    return c.json({ data: page.rows, nextCursor: page.next && encodeCursor(page.next) }, 200);
  });
