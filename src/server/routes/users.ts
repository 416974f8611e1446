/** Users (DESIGN §5, §6): everyone reads their own row; administrators manage everyone's. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/api';
import { idSchema } from '../../shared/schemas/common';
import {
  userCreateSchema,
  userListQuerySchema,
  userRowSchema,
  userUpdateSchema,
} from '../../shared/schemas/user';
import { adminOnly, authenticate, requireAdmin, requireUser } from '../auth';
import { etagOf, requireIfMatch } from '../concurrency';
import type { AppEnv } from '../context';
import {
  assertNewUserAllowed,
  findUserById,
  findUserByUid,
  insertUserRow,
  listUsers,
  updateUserRow,
} from '../db/users';
import { ApiException, notFound } from '../errors';
import { createIdempotently } from '../idempotency';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

/** Firebase uids are at most 128 characters. */
const uidParam = z.object({ uid: z.string().min(1).max(128) });
const idParam = z.object({ id: idSchema });

/** A user's fields are a few short strings. */
const limitBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new ApiException(413, ERROR_CODES.tooLarge, 'The request is too large.');
  },
});

describeEndpoint({
  method: 'get',
  path: '/api/db/users/uid/:uid',
  summary: 'The user row of a Firebase uid (own uid, or any for admins)',
  tag: 'users',
  params: uidParam,
  row: userRowSchema,
  errors: [404],
});
describeEndpoint({
  method: 'get',
  path: '/api/db/users',
  summary: 'Users (admins), with search, filters and sort',
  tag: 'users',
  query: userListQuerySchema,
  row: userRowSchema,
  list: true,
});
describeEndpoint({
  method: 'get',
  path: '/api/db/users/:id',
  summary: 'One user (admins). ETag: its Version',
  tag: 'users',
  params: idParam,
  row: userRowSchema,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/users',
  summary:
    'Invite a user (admins): creates the Firebase account without a password and has Firebase email a password-reset link',
  tag: 'users',
  body: userCreateSchema,
  row: userRowSchema,
  idempotent: true,
  errors: [409, 413],
});
describeEndpoint({
  method: 'put',
  path: '/api/db/users/:id',
  summary:
    'Update a user (admins). Active false disables the Firebase account and ends its sessions; true restores it',
  tag: 'users',
  params: idParam,
  body: userUpdateSchema,
  row: userRowSchema,
  ifMatch: true,
  errors: [404, 409, 413],
});

const notFoundAnswer = (message: string) =>
  ({ data: [], error: { code: ERROR_CODES.notFound, message } }) as const;

export const usersRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get(
    /**
     * The user row the client builds its signed-in user from, after every sign-in (SPEC §7).
     * A caller may read only its own row unless it is an admin. Unknown uids answer 404 with
     * `{ data: [], error }`, as the client expects; for the caller's own uid that means a self
     * sign-up still waiting for approval.
     */
    '/uid/:uid',
    validate('param', uidParam),
    async (c) => {
      const { uid } = c.req.valid('param');
      const { principal } = c.var;
      if (uid === principal.uid) {
        if (!principal.user) {
          return c.json(
            notFoundAnswer('Your account is waiting for staff to approve access to the portal.'),
            404,
          );
        }
        return c.json({ data: [requireUser(c)] }, 200);
      }
      requireAdmin(c);
      const found = await findUserByUid(c.var.db, uid);
      if (!found) return c.json(notFoundAnswer(`No portal user has the uid ${uid}.`), 404);
      return c.json({ data: [found.row] }, 200);
    },
  )
  .get('/', adminOnly, validate('query', userListQuerySchema), async (c) => {
    const page = await listUsers(c.var.db, c.req.valid('query'));
    return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
  })
  .get('/:id', adminOnly, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const found = await findUserById(c.var.db, id);
    if (!found) throw notFound(`User ${id} does not exist.`);
    c.header('ETag', etagOf(found.row.Version));
    return c.json({ data: [found.row] }, 200);
  })
  /**
   * An invitation. The row is checked first, so no Firebase account is made for a request that
   * will be refused; then the account is created (or an existing one, e.g. a self sign-up, is
   * reused), the row written, and Firebase asked to email the reset link, all before the
   * transaction commits: if the email cannot be sent the row rolls back and the invitation can
   * simply be made again (it will reuse the account).
   */
  .post('/', adminOnly, limitBody, validate('json', userCreateSchema), async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    const { identity } = c.var;
    return createIdempotently(c, body, async (tx) => {
      await assertNewUserAllowed(tx, body);
      const uid = await identity.ensureAccount({
        email: body.Email,
        displayName: `${body.FirstName} ${body.LastName}`,
      });
      const row = await insertUserRow(tx, { ...body, Uid: uid }, admin.Uid);
      await identity.sendPasswordReset(body.Email);
      return { status: 201, body: { data: [row] } };
    });
  })
  /**
   * Deactivating disables the Firebase account and revokes its refresh tokens, inside the
   * transaction: if Firebase cannot be told, nothing changes. From the commit on, the API refuses
   * the person's requests (the Active flag is read on every request; writes also check revocation).
   */
  .put(
    '/:id',
    adminOnly,
    limitBody,
    validate('param', idParam),
    validate('json', userUpdateSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const version = requireIfMatch(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const { identity } = c.var;
      const row = await c.var.db.transaction(async (tx) => {
        const { row: updated, wasActive } = await updateUserRow(tx, id, version, body, admin.Uid);
        if (wasActive && !updated.Active) {
          await identity.setDisabled(updated.Uid, true);
          await identity.revokeSessions(updated.Uid);
        } else if (!wasActive && updated.Active) {
          await identity.setDisabled(updated.Uid, false);
        }
        return updated;
      });
      c.header('ETag', etagOf(row.Version));
      return c.json({ data: [row] }, 200);
    },
  );
