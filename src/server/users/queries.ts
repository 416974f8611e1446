/**
 * The SQL of users, as the API shows them (`userRowSchema`: backend names, role and customer
 * joined). The rules and audit of the writes administrators make are in service.ts.
 */
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { roleIdsOf } from '../../shared/role-sets';
import { parseSort } from '../../shared/schemas/fields';
import type { UserCreate, UserRow, UserSort, UserUpdate } from '../../shared/schemas/user';
import type { Db } from '../db/database';
import { customerLogoUrl } from '../customers/queries';
import { keysetAfterCursor, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { preparedPerDatabase } from '../db/prepared';
import { customers, requests, roles, users } from '../db/schema';
import { containsPattern } from '../db/search';

export interface UserRecord {
  row: UserRow;
  /** Whether the user's customer is active; null for staff, who have no customer. */
  customerActive: boolean | null;
  /**
   * When the user's sessions were last ended; tokens issued before are refused (identity/auth.ts).
   */
  sessionsEndedAt: Date | null;
  /**
   * Whether the user was made by approving the account's own access request (a self sign-up):
   * such a user is used only with a token that says its address is proven (identity/auth.ts,
   * decision 016).
   */
  selfSignUp: boolean;
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
  ExtraRoleIds: users.ExtraRoleIds,
  OrderLimit: users.OrderLimit,
  MonthlyLimit: users.MonthlyLimit,
  CustomerId: users.CustomerId,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  CustomerVersion: customers.Version,
  // Only whether a logo exists: the bytes are served by their own URL.
  CustomerHasLogo: sql<boolean>`${customers.Logo} is not null`,
  CustomerCurrency: customers.Currency,
  EmailAddresses: customers.EmailAddresses,
  CustomerActive: customers.Active,
  SessionsEndedAt: users.SessionsEndedAt,
  SelfSignUp: sql<boolean>`exists (select 1 from ${requests} where ${requests.RequesterUid} = ${users.Uid} and ${requests.Type} = 'access' and ${requests.UserId} = ${users.Id})`,
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
    SessionsEndedAt,
    SelfSignUp,
    CreatedDate,
    LastUpdatedDate,
    ExtraRoleIds,
    ...rest
  } = found;
  return {
    row: {
      ...rest,
      RoleIds: roleIdsOf(rest.RoleId, ExtraRoleIds),
      CreatedDate: CreatedDate.toISOString(),
      LastUpdatedDate: LastUpdatedDate.toISOString(),
      CustomerLogo:
        rest.CustomerId !== null && CustomerVersion !== null && CustomerHasLogo
          ? customerLogoUrl(rest.CustomerId, CustomerVersion)
          : null,
    },
    customerActive: CustomerActive,
    sessionsEndedAt: SessionsEndedAt,
    selfSignUp: SelfSignUp,
  };
}

/**
 * Every authenticated request reads its caller's row (identity/auth.ts): one indexed lookup by uid,
 * prepared, that brings all the request needs — the role, the customer and whether it is active,
 * the user's own Active flag and SessionsEndedAt — so that nothing else is asked about the caller
 * (decision 024).
 */
const userByUidStatement = preparedPerDatabase((db) =>
  selectUsers(db)
    .where(eq(users.Uid, sql.placeholder('uid')))
    .limit(1)
    .prepare('user_by_uid'),
);

export async function findUserByUid(db: Db, uid: string): Promise<UserRecord | null> {
  const [found] = await userByUidStatement(db).execute({ uid });
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

// -------------------------------------------------------------------------------- writes

export type UserTableRow = typeof users.$inferSelect;

/** The columns staff set on a user, whether inviting or updating. */
const staffColumns = (input: UserCreate | UserUpdate) => ({
  FirstName: input.FirstName,
  LastName: input.LastName,
  PlantNbr: input.PlantNbr,
  SalesAdmin: input.SalesAdmin,
  SalesRep: input.SalesRep,
  CorporateId: input.CorporateId,
  RoleId: input.RoleId,
  ExtraRoleIds: input.ExtraRoleIds.filter((id) => id !== input.RoleId),
  CustomerId: input.CustomerId,
  OrderLimit: input.OrderLimit,
  MonthlyLimit: input.MonthlyLimit,
});

/** Whether a portal user has this email (compared lower-case, as stored). */
export async function emailInUse(tx: Db, email: string): Promise<boolean> {
  const [existing] = await tx
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Email, email.toLowerCase()))
    .limit(1);
  return existing !== undefined;
}

/** Whether a portal user has this Firebase uid. */
export async function uidInUse(tx: Db, uid: string): Promise<boolean> {
  const [existing] = await tx
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Uid, uid))
    .limit(1);
  return existing !== undefined;
}

/** The users table's row, as the audit log records it. */
export async function findUserTableRow(tx: Db, id: number): Promise<UserTableRow | null> {
  const [found] = await tx.select().from(users).where(eq(users.Id, id)).limit(1);
  return found ?? null;
}

/** A new user row: the validated input plus the uid of the person's Firebase account. */
export type UserInsert = UserCreate & { Uid: string };

export async function insertUser(tx: Db, input: UserInsert): Promise<UserTableRow> {
  const [created] = await tx
    .insert(users)
    .values({
      Uid: input.Uid,
      Email: input.Email.toLowerCase(),
      ...staffColumns(input),
    })
    .returning();
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

/** Writes the user if it is still at `version`; no row when it is not (or does not exist). */
export async function updateUserAt(
  tx: Db,
  id: number,
  version: number,
  input: UserUpdate,
): Promise<UserTableRow[]> {
  return tx
    .update(users)
    .set({
      ...staffColumns(input),
      Active: input.Active,
      // Deactivating ends the user's sessions (SET reads the row as it was before the update).
      ...(input.Active
        ? {}
        : {
            SessionsEndedAt: sql`case when ${users.Active} then now() else ${users.SessionsEndedAt} end`,
          }),
      Version: sql`${users.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(users.Id, id), eq(users.Version, version)))
    .returning();
}
