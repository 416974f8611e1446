/** Users (DESIGN §5, §6). */
import { Hono } from 'hono';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/api';
import { authenticate, requireAdmin, requireUser } from '../auth';
import type { AppEnv } from '../context';
import { findUserByUid } from '../db/users';
import { describeEndpoint } from '../openapi';
import { userRowSchema } from '../../shared/schemas/user';
import { validate } from '../validate';

/** Firebase uids are at most 128 characters. */
const uidParam = z.object({ uid: z.string().min(1).max(128) });

describeEndpoint({
  method: 'get',
  path: '/api/db/users/uid/:uid',
  summary: 'The user row of a Firebase uid (own uid, or any for admins)',
  tag: 'users',
  params: uidParam,
  row: userRowSchema,
  errors: [404],
});

const notFoundAnswer = (message: string) =>
  ({ data: [], error: { code: ERROR_CODES.notFound, message } }) as const;

export const usersRoutes = new Hono<AppEnv>().use(authenticate).get(
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
);
