/**
 * What writes to users do (docs/product/entities.md#user): the rules every way of creating or
 * changing a user obeys (staff's invitation, an approved access request, a company's own
 * administrators through company/service.ts), the Firebase account kept in step with the row
 * inside the row's transaction, and the audit of each change. Knows nothing of HTTP; the SQL is in
 * queries.ts, Firebase behind `IdentityAdmin`.
 */
import { isAdminRole, isCustomerSideRoleId, ROLE_LIST } from '../../shared/roles';
import { roleIdsOf } from '../../shared/role-sets';
import type { UserCreate, UserRow, UserUpdate } from '../../shared/schemas/user';
import { versionedResult } from '../http/concurrency';
import { customerIsActive } from '../customers/queries';
import { answerViolations } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { conflict, invalidInput } from '../http/errors';
import { recordEvent, type EventActor } from '../events';
import type { IdentityAdmin } from '../identity/identity-admin';
import {
  emailInUse,
  findUserById,
  findUserTableRow,
  insertUser,
  uidInUse,
  updateUserAt,
  type UserInsert,
  type UserTableRow,
} from './queries';

/**
 * The role exists; a customer's person (buyer, approver, viewer, administrator) belongs to exactly
 * one existing customer, staff to none; nobody is put into an inactive customer, where the API
 * would refuse them anyway. (The roles beside the primary one and the limits are checked by the
 * shared schemas, and again by the database's CHECK constraints.)
 */
async function assertRoleAndCustomer(
  tx: Db,
  { RoleId, CustomerId }: { RoleId: number; CustomerId: number | null },
  { customerChanged }: { customerChanged: boolean },
): Promise<void> {
  if (!ROLE_LIST.some((role) => role.RoleId === RoleId)) {
    throw invalidInput('Some input is not valid.', { RoleId: 'Choose one of the roles.' });
  }
  const customerSide = isCustomerSideRoleId(RoleId);
  if (customerSide && CustomerId === null) {
    throw invalidInput('Some input is not valid.', {
      CustomerId: "A customer's person (buyer, approver, viewer, administrator) needs a customer.",
    });
  }
  if (!customerSide && CustomerId !== null) {
    throw invalidInput('Some input is not valid.', {
      CustomerId: "Only a customer's people belong to a customer; leave it empty for staff.",
    });
  }
  if (CustomerId === null || !customerChanged) return;
  const active = await customerIsActive(tx, CustomerId);
  if (active === null) {
    throw invalidInput('Some input is not valid.', { CustomerId: 'There is no such customer.' });
  }
  if (!active) {
    throw invalidInput('Some input is not valid.', {
      CustomerId: 'This customer is inactive: reactivate it first.',
    });
  }
}

const emailTaken = () =>
  conflict('A portal user with this email already exists.', {
    Email: 'A portal user with this email already exists.',
  });

/**
 * Everything `createUser` will check that does not need the uid: checked before a Firebase
 * account is created, so a request that will be refused leaves no account behind.
 */
async function assertNewUserAllowed(tx: Db, input: UserCreate): Promise<void> {
  await assertRoleAndCustomer(tx, input, { customerChanged: true });
  if (await emailInUse(tx, input.Email)) throw emailTaken();
}

/** Reads the user back in the transaction that wrote it: only a broken query could miss it. */
async function readBack(tx: Db, id: number): Promise<UserRow> {
  const record = await findUserById(tx, id);
  if (!record) throw new Error(`user ${id} vanished after it was written`);
  return record.row;
}

/** The public facts of a user's row that its events carry. */
const userFacts = (row: {
  Email: string;
  RoleId: number;
  ExtraRoleIds: number[];
  OrderLimit: number | null;
  MonthlyLimit: number | null;
  Active: boolean;
}) => ({
  Email: row.Email,
  RoleId: row.RoleId,
  RoleIds: roleIdsOf(row.RoleId, row.ExtraRoleIds),
  OrderLimit: row.OrderLimit,
  MonthlyLimit: row.MonthlyLimit,
  Active: row.Active,
});

/**
 * Creates a user row (staff's invitation, an approved access request, a company's invitation) in
 * `tx`, audited as `actor`. Refuses with 400 (fields) a role and customer that do not agree, and
 * with 409 an email or uid that already has a row. Call it inside the transaction of the whole
 * change.
 */
export async function createUser(tx: Db, input: UserInsert, actor: EventActor): Promise<UserRow> {
  await assertNewUserAllowed(tx, input);
  if (await uidInUse(tx, input.Uid)) {
    throw conflict('This sign-in account already belongs to another portal user.', {
      Email: 'This sign-in account already belongs to another portal user.',
    });
  }
  // Two invitations of one email at once: the second gets the same 409.
  const created = await answerViolations(() => insertUser(tx, input), { unique: emailTaken });
  await recordEvent(
    tx,
    { ...actor, customerId: created.CustomerId },
    {
      kind: 'user.created',
      entity: 'users',
      entityId: created.Id,
      data: userFacts(created),
      after: created,
    },
  );
  return readBack(tx, created.Id);
}

/**
 * An invitation, in `tx` (the idempotent create's transaction). The row is checked first, so no
 * Firebase account is made for a request that will be refused; then the account is created (an
 * existing one is reused only when its address is proven, decision 016), the row written, and
 * Firebase asked to email the reset link, all before the transaction commits: if the email cannot
 * be sent the row rolls back and the invitation can simply be made again.
 */
export async function inviteUser(
  tx: Db,
  identity: IdentityAdmin,
  input: UserCreate,
  actor: EventActor,
): Promise<UserRow> {
  await assertNewUserAllowed(tx, input);
  const uid = await identity.ensureAccount({
    email: input.Email,
    displayName: `${input.FirstName} ${input.LastName}`,
  });
  const row = await createUser(tx, { ...input, Uid: uid }, actor);
  await identity.sendPasswordReset(input.Email);
  return row;
}

/**
 * Updates the user at `version` in one transaction (404 when it does not exist, 412 when it moved
 * on), audited as `actor`, a plant administrator. An administrator may not deactivate themself or
 * give up their own admin role: the portal could otherwise be left without anyone able to undo
 * it.
 */
export async function updateUser(
  db: Db,
  identity: IdentityAdmin,
  id: number,
  version: number,
  input: UserUpdate,
  actor: EventActor,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await findUserTableRow(tx, id);
    if (before && before.Version === version) {
      await assertRoleAndCustomer(tx, input, {
        customerChanged: input.CustomerId !== before.CustomerId,
      });
      if (before.Uid === actor.uid) {
        const role = ROLE_LIST.find((r) => r.RoleId === input.RoleId);
        if (!input.Active) throw conflict('You cannot deactivate your own account.');
        if (!isAdminRole(role?.RoleName)) {
          throw conflict('You cannot take away your own administrator role.', {
            RoleId: 'Ask another administrator to change your role.',
          });
        }
      }
    }
    return writeUser(tx, identity, id, version, before, input, actor);
  });
}

/**
 * Writes a checked change of the user (`before` as read in `tx`, null when there is none) at
 * `version`, with its audit, and keeps the Firebase account in step: 404 when the row does not
 * exist, 412 when it moved on.
 *
 * Deactivating disables the Firebase account and revokes its refresh tokens, inside the
 * transaction: if Firebase cannot be told, nothing changes. From the commit on, the API refuses
 * the person's requests (the Active flag and SessionsEndedAt are read on every request; writes
 * also ask Firebase about revocation).
 */
export async function writeUser(
  tx: Db,
  identity: IdentityAdmin,
  id: number,
  version: number,
  before: UserTableRow | null,
  input: UserUpdate,
  actor: EventActor,
): Promise<UserRow> {
  const updated = await updateUserAt(tx, id, version, input);
  const after = versionedResult(updated, before !== null);
  await recordEvent(
    tx,
    { ...actor, customerId: after.CustomerId },
    {
      kind: 'user.updated',
      entity: 'users',
      entityId: id,
      data: userFacts(after),
      before,
      after,
    },
  );
  const wasActive = before?.Active ?? after.Active;
  if (wasActive && !after.Active) {
    await identity.setDisabled(after.Uid, true);
    await identity.revokeSessions(after.Uid);
  } else if (!wasActive && after.Active) {
    await identity.setDisabled(after.Uid, false);
  }
  return readBack(tx, id);
}
