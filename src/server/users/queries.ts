/**
 * Users as the API shows them (`userRowSchema`: backend names, role and customer joined), and the
 * writes staff make to them, each audited in the caller's transaction.
 */
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { isAdminRole, ROLE_LIST, ROLES } from '../../shared/roles';
import { parseSort } from '../../shared/schemas/fields';
import type { UserCreate, UserRow, UserSort, UserUpdate } from '../../shared/schemas/user';
import { writeAudit } from '../audit';
import { versionedResult } from '../concurrency';
import { conflict, invalidInput } from '../errors';
import { isUniqueViolation } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { customerLogoUrl } from '../customers/queries';
import { keysetAfterCursor, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { customers, roles, users } from '../db/schema';
import { containsPattern } from '../db/search';

export interface UserRecord {
  row: UserRow;
  /** Whether the user's customer is active; null for staff, who have no customer. */
  customerActive: boolean | null;
}

const userColumns = {
  Id: users.Id,
  CreatedDate: users.CreatedDate,
  LastUpdatedDate: users.LastUpdatedDate,
  Email: users.Email,
  FirstName: users.FirstName,
  LastName: users.LastName,
  PlantNbr: users.PlantNbr,
  SalesAdmin: users.SalesAdmin,
  SalesRep: users.SalesRep,
  CorporateId: users.CorporateId,
  Uid: users.Uid,
  Active: users.Active,
  Version: users.Version,
  RoleId: users.RoleId,
  RoleName: roles.RoleName,
  CustomerId: users.CustomerId,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  CustomerVersion: customers.Version,
  // Only whether a logo exists: the bytes are served by their own URL.
  CustomerHasLogo: sql<boolean>`${customers.Logo} is not null`,
  EmailAddresses: customers.EmailAddresses,
  CustomerActive: customers.Active,
};

/** Users with their role and customer joined; callers add where/order/limit. */
const selectUsers = (db: Db) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.RoleId, users.RoleId))
    .leftJoin(customers, eq(customers.Id, users.CustomerId))
    .$dynamic();
type SelectedUser = Awaited<ReturnType<typeof selectUsers>>[number];

function toUserRecord(found: SelectedUser): UserRecord {
  const {
    CustomerVersion,
    CustomerHasLogo,
    CustomerActive,
    CreatedDate,
    LastUpdatedDate,
    ...rest
  } = found;
  return {
    row: {
      ...rest,
      CreatedDate: CreatedDate.toISOString(),
      LastUpdatedDate: LastUpdatedDate.toISOString(),
      CustomerLogo:
        rest.CustomerId !== null && CustomerVersion !== null && CustomerHasLogo
          ? customerLogoUrl(rest.CustomerId, CustomerVersion)
          : null,
    },
    customerActive: CustomerActive,
  };
}

export async function findUserByUid(db: Db, uid: string): Promise<UserRecord | null> {
  const [found] = await selectUsers(db).where(eq(users.Uid, uid)).limit(1);
  return found ? toUserRecord(found) : null;
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | null> {
  const [found] = await selectUsers(db).where(eq(users.Id, id)).limit(1);
  return found ? toUserRecord(found) : null;
}

const SORT_COLUMNS = {
  name: [users.LastName, users.FirstName, users.Id],
  email: [users.Email, users.Id],
  created: [users.Id],
} as const;

function keysetOf(sort: UserSort): Keyset {
  const { key, descending } = parseSort(sort);
  return { columns: SORT_COLUMNS[key], descending };
}

function keyOf(sort: UserSort, row: UserRow): Array<string | number> {
  switch (parseSort(sort).key) {
    case 'name':
      return [row.LastName, row.FirstName, row.Id];
    case 'email':
      return [row.Email, row.Id];
    case 'created':
      return [row.Id];
  }
}

export interface UserListOptions {
  search?: string | undefined;
  roleId?: number | undefined;
  customerId?: number | undefined;
  active: 'true' | 'false' | 'all';
  sort: UserSort;
  limit: number;
  cursor?: string | undefined;
}

/** A page of users, optionally matching `search` in the name or email. */
export async function listUsers(
  db: Db,
  { search, roleId, customerId, active, sort, limit, cursor }: UserListOptions,
): Promise<{ rows: UserRow[]; nextCursor: string | null }> {
  const keyset = keysetOf(sort);
  const pattern = search ? containsPattern(search) : undefined;
  const found = await selectUsers(db)
    .where(
      and(
        roleId === undefined ? undefined : eq(users.RoleId, roleId),
        customerId === undefined ? undefined : eq(users.CustomerId, customerId),
        active === 'all' ? undefined : eq(users.Active, active === 'true'),
        pattern
          ? or(
              ilike(users.Email, pattern),
              ilike(sql`${users.FirstName} || ' ' || ${users.LastName}`, pattern),
            )
          : undefined,
        keysetAfterCursor(cursor, sort, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(limit + 1);
  return keysetPage(
    found.map((row) => toUserRecord(row).row),
    limit,
    sort,
    (row) => keyOf(sort, row),
  );
}

/**
 * DESIGN §6, checked in the database layer so every way of creating or changing a user obeys it
 * (staff's invitation, an approved access request…): the role exists; a buyer (Customer role)
 * belongs to exactly one existing customer, staff to none; a buyer is not put into an inactive
 * customer, where the API would refuse it anyway.
 */
async function assertRoleAndCustomer(
  tx: Db,
  { RoleId, CustomerId }: { RoleId: number; CustomerId: number | null },
  { customerChanged }: { customerChanged: boolean },
): Promise<void> {
  if (!ROLE_LIST.some((role) => role.RoleId === RoleId)) {
    throw invalidInput('Some input is not valid.', { RoleId: 'Choose one of the roles.' });
  }
  const buyer = RoleId === ROLES.Customer.RoleId;
  if (buyer && CustomerId === null) {
    throw invalidInput('Some input is not valid.', {
      CustomerId: 'A buyer (Customer role) needs a customer.',
    });
  }
  if (!buyer && CustomerId !== null) {
    throw invalidInput('Some input is not valid.', {
      CustomerId: 'Only buyers (Customer role) belong to a customer; leave it empty for staff.',
    });
  }
  if (CustomerId === null || !customerChanged) return;
  const [customer] = await tx
    .select({ Active: customers.Active })
    .from(customers)
    .where(eq(customers.Id, CustomerId))
    .limit(1);
  if (!customer) {
    throw invalidInput('Some input is not valid.', { CustomerId: 'There is no such customer.' });
  }
  if (!customer.Active) {
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
 * Everything `insertUserRow` will check that does not need the uid: call it before creating a
 * Firebase account, so a request that will be refused leaves no account behind.
 */
export async function assertNewUserAllowed(tx: Db, input: UserCreate): Promise<void> {
  await assertRoleAndCustomer(tx, input, { customerChanged: true });
  const [existing] = await tx
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Email, input.Email.toLowerCase()))
    .limit(1);
  if (existing) throw emailTaken();
}

/** A new user row: the validated input plus the uid of the person's Firebase account. */
export type UserInsert = UserCreate & { Uid: string };

/**
 * Creates a user row (staff's invitation, an approved access request), audited as `actorUid`.
 * Refuses with 400 (fields) a role and customer that do not agree, and with 409 an email or uid
 * that already has a row. Call it inside the transaction of the whole change.
 */
export async function insertUserRow(tx: Db, input: UserInsert, actorUid: string): Promise<UserRow> {
  await assertNewUserAllowed(tx, input);
  const email = input.Email.toLowerCase();
  const [uidTaken] = await tx
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Uid, input.Uid))
    .limit(1);
  if (uidTaken) {
    throw conflict('This sign-in account already belongs to another portal user.', {
      Email: 'This sign-in account already belongs to another portal user.',
    });
  }
  let created: typeof users.$inferSelect | undefined;
  try {
    [created] = await tx
      .insert(users)
      .values({
        Uid: input.Uid,
        Email: email,
        FirstName: input.FirstName,
        LastName: input.LastName,
        PlantNbr: input.PlantNbr,
        SalesAdmin: input.SalesAdmin,
        SalesRep: input.SalesRep,
        CorporateId: input.CorporateId,
        RoleId: input.RoleId,
        CustomerId: input.CustomerId,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (!created) throw new Error('insert into users returned no row');
  await writeAudit(tx, {
    actorUid,
    action: 'create',
    entity: 'users',
    entityId: created.Id,
    before: null,
    after: created,
  });
  const record = await findUserById(tx, created.Id);
  if (!record) throw new Error(`user ${created.Id} vanished after insert`);
  return record.row;
}

export interface UserUpdateResult {
  row: UserRow;
  /** Active before the update, so the caller can disable or enable the Firebase account. */
  wasActive: boolean;
}

/**
 * Updates the user at `version` (404 when it does not exist, 412 when it moved on), audited as
 * `actorUid`. An administrator may not deactivate themself or give up their own admin role: the
 * portal could otherwise be left without anyone able to undo it.
 */
export async function updateUserRow(
  tx: Db,
  id: number,
  version: number,
  input: UserUpdate,
  actorUid: string,
): Promise<UserUpdateResult> {
  const [before] = await tx.select().from(users).where(eq(users.Id, id)).limit(1);
  if (before && before.Version === version) {
    await assertRoleAndCustomer(tx, input, {
      customerChanged: input.CustomerId !== before.CustomerId,
    });
    if (before.Uid === actorUid) {
      const role = ROLE_LIST.find((r) => r.RoleId === input.RoleId);
      if (!input.Active) throw conflict('You cannot deactivate your own account.');
      if (!isAdminRole(role?.RoleName)) {
        throw conflict('You cannot take away your own administrator role.', {
          RoleId: 'Ask another administrator to change your role.',
        });
      }
    }
  }
  const updated = await tx
    .update(users)
    .set({
      FirstName: input.FirstName,
      LastName: input.LastName,
      PlantNbr: input.PlantNbr,
      SalesAdmin: input.SalesAdmin,
      SalesRep: input.SalesRep,
      CorporateId: input.CorporateId,
      RoleId: input.RoleId,
      CustomerId: input.CustomerId,
      Active: input.Active,
      Version: sql`${users.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(users.Id, id), eq(users.Version, version)))
    .returning();
  const after = versionedResult(updated, before !== undefined);
  await writeAudit(tx, {
    actorUid,
    action: 'update',
    entity: 'users',
    entityId: id,
    before: before ?? null,
    after,
  });
  const record = await findUserById(tx, id);
  if (!record) throw new Error(`user ${id} vanished after update`);
  return { row: record.row, wasActive: before?.Active ?? after.Active };
}
