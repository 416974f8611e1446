/** Users: everyone reads their own row; administrators manage everyone's. */
import { createRoute, z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../../shared/api';
import { textSchema } from '../../shared/schemas/fields';
import {
  userCreateSchema,
  userListQuerySchema,
  userRowSchema,
  userUpdateSchema,
} from '../../shared/schemas/user';
import { adminOnly, authenticate, eventActor, requireAdmin, requireUser } from '../identity/auth';
import { created, ok, okVersioned, page } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { findUserById, findUserByUid, listUsers } from './queries';
import { inviteUser, updateUser } from './service';
import { notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  apiErrorSchema,
  createRouter,
  dataOf,
  errors,
  idParam,
  json,
  pageOf,
  writeRoutes,
} from '../http/openapi';

/** Firebase uids are at most 128 characters, and no control character is one. */
const uidParam = z.object({ uid: textSchema().min(1).max(128) });

/** A user's fields are a few short strings. */

const TAGS = ['users'];

/** A uid's 404 keeps `data: []` beside the error: the client reads an unknown uid from it. */
const userNotFoundSchema = apiErrorSchema.extend({ data: z.array(userRowSchema).max(0) });

const getUserByUid = createRoute({
  method: 'get',
  operationId: 'getUserByUid',
  path: '/uid/{uid}',
  summary: 'The user row of a Firebase uid (own uid, or any for admins)',
  tags: TAGS,
  request: { params: uidParam },
  responses: {
    200: json(dataOf(userRowSchema), 'The user'),
    ...errors(),
    404: json(userNotFoundSchema, 'No portal user has this uid (yet): `data` is empty'),
  },
});

const listUsersRoute = createRoute({
  method: 'get',
  operationId: 'listUsers',
  path: '/',
  summary: 'Users (admins), with search, filters and sort',
  tags: TAGS,
  middleware: [adminOnly],
  request: { query: userListQuerySchema },
  responses: { 200: json(pageOf(userRowSchema), 'A page of users'), ...errors() },
});

const getUser = createRoute({
  method: 'get',
  operationId: 'getUser',
  path: '/{id}',
  summary: 'One user (admins). ETag: its Version',
  tags: TAGS,
  middleware: [adminOnly],
  request: { params: idParam },
  responses: { 200: json(dataOf(userRowSchema), 'The user'), ...errors(404) },
});

const { createRoute: inviteUserRoute, updateRoute: updateUserRoute } = writeRoutes({
  tags: TAGS,
  middleware: [adminOnly],
  row: userRowSchema,
  noun: 'user',
  create: {
    operationId: 'inviteUser',
    summary:
      'Invite a user (admins): creates the Firebase account without a password and has Firebase email a password-reset link',
    body: userCreateSchema,
  },
  update: {
    operationId: 'updateUser',
    summary:
      'Update a user (admins). Active false disables the Firebase account and ends its sessions; true restores it',
    body: userUpdateSchema,
  },
});

const notFoundAnswer = (message: string) => ({
  data: [],
  error: { code: ERROR_CODES.notFound, message },
});

const router = createRouter();
router.use(authenticate);

export const usersRoutes = router
  /**
   * The user row the client builds its signed-in user from, after every sign-in. A caller may read
   * only its own row unless it is an admin. Unknown uids answer 404 with `{ data: [], error }`, as
   * the client expects; for the caller's own uid that means a self sign-up still waiting for
   * approval, or approved but with a token that does not yet say its address is proven.
   */
  .openapi(getUserByUid, async (c) => {
    const { uid } = c.req.valid('param');
    const principal = c.get('principal');
    if (uid === principal.uid) {
      if (!principal.user) {
        return c.json(
          notFoundAnswer('Your account is waiting for staff to approve access to the portal.'),
          404,
        );
      }
      // A self sign-up's row whose token does not prove the address yet (decision 016): the
      // client treats it like one still waiting, where it is asked to confirm the address.
      if (principal.userWithheld !== null) {
        return c.json(notFoundAnswer(principal.userWithheld), 404);
      }
      return ok(c, requireUser(c));
    }
    requireAdmin(c);
    const found = await findUserByUid(c.get('db'), uid);
    if (!found) return c.json(notFoundAnswer(`No portal user has the uid ${uid}.`), 404);
    return ok(c, found.row);
  })
  .openapi(listUsersRoute, async (c) => {
    const { rows, nextCursor } = await listUsers(c.get('db'), c.req.valid('query'));
    return page(c, rows, nextCursor);
  })
  .openapi(getUser, async (c) => {
    const { id } = c.req.valid('param');
    const found = await findUserById(c.get('db'), id);
    if (!found) throw notFound(`User ${id} does not exist.`);
    return okVersioned(c, found.row);
  })
  /** An invitation: the Firebase account and its reset email go with the row (service.ts). */
  .openapi(inviteUserRoute, async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    const identity = c.get('identity');
    return createIdempotently(c, body, async (tx) =>
      created(await inviteUser(tx, identity, body, eventActor(admin))),
    );
  })
  /** Deactivating also disables the Firebase account and ends its sessions (service.ts). */
  .openapi(updateUserRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const row = await updateUser(
      c.get('db'),
      c.get('identity'),
      id,
      version,
      body,
      eventActor(admin),
    );
    return okVersioned(c, row);
  });
