/**
 * What a customer's own administrators do (docs/product/roles.md#the-company-runs-its-own-people):
 * invite colleagues, change their roles and spending limits, deactivate and reactivate them, and
 * keep the company's notice addresses. Always inside the caller's own customer, which the routes
 * take from the session. The people are written through the users' service (users/service.ts),
 * so an invitation is the very one staff send, with its protections (decision 016), and every
 * change is audited as the administrator's own.
 */
import { isCustomerSideRoleId, ROLES } from '../../shared/roles';
import { primaryRoleOf } from '../../shared/role-sets';
import type {
  Company,
  CompanyInvite,
  CompanyPerson,
  CompanyPersonUpdate,
  CompanyUpdateInput,
} from '../../shared/schemas/company';
import type { UserRow } from '../../shared/schemas/user';
import type { Db } from '../db/database';
import { recordEvent } from '../events';
import { versionedResult } from '../http/concurrency';
import { conflict, forbidden, notFound, staleVersion } from '../http/errors';
import { eventActor } from '../identity/auth';
import type { IdentityAdmin } from '../identity/identity-admin';
import { findUserTableRow, type UserTableRow } from '../users/queries';
import { inviteUser, writeUser } from '../users/service';
import {
  findCompany,
  findCustomerTableRow,
  lockCompany,
  otherActiveAdmins,
  setNoticeAddressesAt,
} from './queries';

/** A staff role asked for from the company's screen: the company grants its own roles only. */
function refuseStaffRoles(roleIds: readonly number[]): void {
  if (!roleIds.every(isCustomerSideRoleId)) {
    throw forbidden(
      "A company gives its people its own roles only (Customer Administrator, Buyer, Approver, Viewer); the plant's roles are the plant's to give.",
    );
  }
}

/** The primary role and the others, from the set the screen sends. */
function splitRoles(roleIds: readonly number[]): { RoleId: number; ExtraRoleIds: number[] } {
  const RoleId = primaryRoleOf(roleIds);
  return { RoleId, ExtraRoleIds: roleIds.filter((id) => id !== RoleId) };
}

const holdsAdmin = (roleIds: readonly number[]) =>
  roleIds.includes(ROLES.CustomerAdministrator.RoleId);

/** A user row as the company's administrators see it. */
export function toCompanyPerson(row: UserRow, lastSignInAt: string | null): CompanyPerson {
  return {
    Id: row.Id,
    Email: row.Email,
    FirstName: row.FirstName,
    LastName: row.LastName,
    RoleIds: row.RoleIds,
    OrderLimit: row.OrderLimit,
    MonthlyLimit: row.MonthlyLimit,
    Active: row.Active,
    LastSignInAt: lastSignInAt,
    CreatedDate: row.CreatedDate,
    Version: row.Version,
  };
}

/**
 * Invites a colleague into the administrator's customer, in `tx` (the idempotent create's
 * transaction): the same invitation staff send (users/service.ts `inviteUser`), with the
 * company's own roles only (403 otherwise) and no field of the plant's (plant number, sales
 * flags).
 */
export async function inviteCompanyPerson(
  tx: Db,
  identity: IdentityAdmin,
  customerId: number,
  input: CompanyInvite,
  actor: UserRow,
): Promise<UserRow> {
  refuseStaffRoles(input.RoleIds);
  return inviteUser(
    tx,
    identity,
    {
      Email: input.Email,
      FirstName: input.FirstName,
      LastName: input.LastName,
      ...splitRoles(input.RoleIds),
      CustomerId: customerId,
      PlantNbr: null,
      SalesAdmin: false,
      SalesRep: false,
      CorporateId: null,
      OrderLimit: input.OrderLimit,
      MonthlyLimit: input.MonthlyLimit,
    },
    eventActor(actor),
  );
}

/**
 * Changes one of the company's people at `version`, in one transaction under the company's lock:
 * another customer's person is a 404, a staff role a 403. Administrators do not set their own
 * spending limits (403: another administrator or the plant does), and do not deactivate
 * themselves; the last active administrator keeps the role (409), so the company is never left
 * without someone to run it.
 */
export async function updateCompanyPerson(
  db: Db,
  identity: IdentityAdmin,
  customerId: number,
  id: number,
  version: number,
  input: CompanyPersonUpdate,
  actor: UserRow,
): Promise<UserRow> {
  refuseStaffRoles(input.RoleIds);
  return db.transaction(async (tx) => {
    await lockCompany(tx, customerId);
    const before = await findUserTableRow(tx, id);
    if (before === null || before.CustomerId !== customerId) {
      throw notFound(`Nobody of your company has the id ${id}.`);
    }
    if (before.Version !== version) throw staleVersion();
    if (before.Uid === actor.Uid) assertOwnChangeAllowed(before, input);
    if (before.Uid === actor.Uid && !holdsAdmin(input.RoleIds)) {
      if ((await otherActiveAdmins(tx, customerId, before.Id)) === 0) {
        throw conflict(
          'You are the company’s last active administrator: make someone else one first.',
          { RoleIds: 'Keep Customer Administrator until another person holds it.' },
        );
      }
    }
    return writeUser(
      tx,
      identity,
      id,
      version,
      before,
      {
        FirstName: input.FirstName,
        LastName: input.LastName,
        ...splitRoles(input.RoleIds),
        CustomerId: customerId,
        // The plant's own fields stay as the plant set them.
        PlantNbr: before.PlantNbr,
        SalesAdmin: before.SalesAdmin,
        SalesRep: before.SalesRep,
        CorporateId: before.CorporateId,
        OrderLimit: input.OrderLimit,
        MonthlyLimit: input.MonthlyLimit,
        Active: input.Active,
      },
      eventActor(actor),
    );
  });
}

/** What an administrator may not do to their own row from the company's screen. */
function assertOwnChangeAllowed(before: UserTableRow, input: CompanyPersonUpdate): void {
  if (!input.Active) throw conflict('You cannot deactivate your own account.');
  if (before.OrderLimit !== input.OrderLimit || before.MonthlyLimit !== input.MonthlyLimit) {
    throw forbidden(
      'Nobody sets their own spending limits: another administrator of your company, or the plant, does.',
    );
  }
}

/** The company as its administrators see it; a 404 when it is gone. */
export async function readCompany(db: Db, customerId: number): Promise<Company> {
  const company = await findCompany(db, customerId);
  if (!company) throw notFound('Your company was not found.');
  return company;
}

/**
 * The company's notice addresses at `version` (the customer's), in one transaction, audited as
 * the administrator's change of the customer: 412 when it moved on.
 */
export async function updateCompany(
  db: Db,
  customerId: number,
  version: number,
  input: CompanyUpdateInput,
  actor: UserRow,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const before = await findCustomerTableRow(tx, customerId);
    const updated = await setNoticeAddressesAt(tx, customerId, version, input.EmailAddresses);
    const after = versionedResult(updated, before !== null);
    await recordEvent(
      tx,
      { ...eventActor(actor), customerId },
      {
        kind: 'customer.updated',
        entity: 'customers',
        entityId: customerId,
        data: {
          CustomerCode: after.CustomerCode,
          CustomerName: after.CustomerName,
          EmailAddresses: after.EmailAddresses,
        },
        before,
        after,
      },
    );
    return readCompany(tx, customerId);
  });
}
