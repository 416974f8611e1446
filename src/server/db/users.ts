/** Reading users as the API shows them (`userRowSchema`: backend names, role and customer joined). */
import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../../shared/schemas/user';
import type { Db } from './database';
import { customerLogoUrl } from './customers';
import { customers, roles, users } from './schema';

export interface UserRecord {
  row: UserRow;
  /** Whether the user's customer is active; null for staff, who have no customer. */
  customerActive: boolean | null;
}

export async function findUserByUid(db: Db, uid: string): Promise<UserRecord | null> {
  const [found] = await db
    .select({
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
    })
    .from(users)
    .innerJoin(roles, eq(roles.RoleId, users.RoleId))
    .leftJoin(customers, eq(customers.Id, users.CustomerId))
    .where(eq(users.Uid, uid))
    .limit(1);
  if (!found) return null;
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
