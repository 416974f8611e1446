/**
 * Ship-to address books: read by the customer's people and by staff (for the customer they act
 * for, or the one an administrator manages); written by the plant's administrators, and by the
 * customer's own administrators for their own book only.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../shared/schemas/common';
import { addressRowSchema, addressWriteSchema } from '../../shared/schemas/address';
import type { Context } from 'hono';
import { can, isAdminRole } from '../../shared/roles';
import {
  authenticate,
  eventActor,
  isStaff,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import type { AppEnv } from '../http/context';
import { createMiddleware } from 'hono/factory';
import { created, okList, okVersioned } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { customerExists } from '../customers/queries';
import { forbidden, notFound } from '../http/errors';
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

/**
 * Who keeps a book, and whose: a plant administrator any customer's (null), a customer's
 * administrator their own customer's only; everybody else is refused.
 */
function bookKeeper(c: Context<AppEnv>) {
  const user = requireUser(c);
  if (isAdminRole(user.RoleName)) return { user, scope: null };
  if (!isStaff(user) && can(user.RoleIds, 'company:manage') && user.CustomerId !== null) {
    return { user, scope: user.CustomerId };
  }
  throw forbidden(
    "Only administrators keep ship-to addresses: the plant's, or your company's own.",
  );
}

/** Refuses everyone who keeps no book before the body is read. */
const keepersOnly = createMiddleware<AppEnv>(async (c, next) => {
  bookKeeper(c);
  await next();
});

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
  middleware: [keepersOnly],
  row: addressRowSchema,
  noun: 'address',
  create: {
    operationId: 'createAddress',
    summary:
      "Add an address to a customer's book (admins; a customer's administrators to their own); the first one becomes the default",
    body: addressWriteSchema.extend({ CustomerId: idSchema }),
  },
  update: {
    operationId: 'updateAddress',
    summary:
      "Change an address (admins; a customer's administrators in their own book); IsDefault true makes it the default",
    body: addressWriteSchema,
  },
});

const deleteAddressRoute = deleteRoute({
  tags: TAGS,
  middleware: [keepersOnly],
  operationId: 'deleteAddress',
  summary:
    "Delete an address (admins; a customer's administrators from their own book). The default is refused while others remain; orders keep their copies",
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
    const { user, scope } = bookKeeper(c);
    const body = c.req.valid('json');
    const { CustomerId, ...fields } = body;
    // A customer's administrator names their own customer or none other: another is not found.
    const allowed = scope === null || scope === CustomerId;
    if (!allowed || !(await customerExists(c.get('db'), CustomerId))) {
      throw notFound(`Customer ${CustomerId} does not exist.`);
    }
    return createIdempotently(c, body, async (tx) =>
      created(await createAddress(tx, CustomerId, fields, eventActor(user))),
    );
  })
  .openapi(updateAddressRoute, async (c) => {
    const { user, scope } = bookKeeper(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const row = await updateAddress(
      c.get('db'),
      id,
      version,
      c.req.valid('json'),
      eventActor(user),
      scope,
    );
    return okVersioned(c, row);
  })
  .openapi(deleteAddressRoute, async (c) => {
    const { user, scope } = bookKeeper(c);
    const version = requireIfMatch(c);
    await deleteAddress(c.get('db'), c.req.valid('param').id, version, eventActor(user), scope);
    return c.body(null, 204);
  });
