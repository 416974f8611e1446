/**
 * Ship-to address books: read by the buyers of the customer and by staff (for the customer they
 * act for, or the one an administrator manages); written by administrators only.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../shared/schemas/common';
import { addressRowSchema, addressWriteSchema } from '../../shared/schemas/address';
import {
  adminOnly,
  authenticate,
  isStaff,
  requireAdmin,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import { created, okList, okVersioned } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { customerExists } from '../customers/queries';
import { notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  deleteRoute,
  errors,
  json,
  writeRoutes,
} from '../http/openapi';
import { listAddresses } from './queries';
import { createAddress, deleteAddress, updateAddress } from './service';

const TAGS = ['addresses'];

const listAddressesRoute = createRoute({
  method: 'get',
  operationId: 'listAddresses',
  path: '/',
  summary:
    "A customer's ship-to addresses, the default first (buyers: their own; staff: customerId or the customer they act for)",
  tags: TAGS,
  request: {
    headers: z.object(customerHeader),
    query: z.object({ customerId: z.coerce.number().pipe(idSchema).optional() }).strict(),
  },
  responses: { 200: json(dataOf(addressRowSchema), 'The addresses'), ...errors(404) },
});

const { createRoute: createAddressRoute, updateRoute: updateAddressRoute } = writeRoutes({
  tags: TAGS,
  middleware: [adminOnly],
  row: addressRowSchema,
  noun: 'address',
  create: {
    operationId: 'createAddress',
    summary: "Add an address to a customer's book (admins); the first one becomes the default",
    body: addressWriteSchema.extend({ CustomerId: idSchema }),
  },
  update: {
    operationId: 'updateAddress',
    summary: 'Change an address (admins); IsDefault true makes it the default',
    body: addressWriteSchema,
  },
});

const deleteAddressRoute = deleteRoute({
  tags: TAGS,
  middleware: [adminOnly],
  operationId: 'deleteAddress',
  summary:
    'Delete an address (admins). The default is refused while others remain; orders keep their copies',
});

const router = createRouter();
router.use(authenticate);

export const addressesRoutes = router
  /** Another customer's book is a 404 to a buyer: it must not learn which ids exist. */
  .openapi(listAddressesRoute, async (c) => {
    const user = requireUser(c);
    const asked = c.req.valid('query').customerId;
    let customerId: number;
    if (asked === undefined) {
      customerId = (await resolveCustomerScope(c)).customerId;
    } else if (isStaff(user)) {
      if (!(await customerExists(c.get('db'), asked)))
        throw notFound(`Customer ${asked} does not exist.`);
      customerId = asked;
    } else {
      if (user.CustomerId !== asked) throw notFound(`Customer ${asked} does not exist.`);
      customerId = asked;
    }
    return okList(c, await listAddresses(c.get('db'), customerId));
  })
  .openapi(createAddressRoute, async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    const { CustomerId, ...fields } = body;
    if (!(await customerExists(c.get('db'), CustomerId))) {
      throw notFound(`Customer ${CustomerId} does not exist.`);
    }
    return createIdempotently(c, body, async (tx) =>
      created(await createAddress(tx, CustomerId, fields, admin.Uid)),
    );
  })
  .openapi(updateAddressRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const row = await updateAddress(c.get('db'), id, version, c.req.valid('json'), admin.Uid);
    return okVersioned(c, row);
  })
  .openapi(deleteAddressRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    await deleteAddress(c.get('db'), c.req.valid('param').id, version, admin.Uid);
    return c.body(null, 204);
  });
