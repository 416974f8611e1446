/**
 * Mapping between the backend's rows and the client's user record (docs/product/entities.md).
 */
import type { UserRow } from '../../shared/schemas/user';
import type {
  SelectedCustomer,
  SignedInUser,
  SwitchCustomerInput,
  UserCustomer,
} from './user-record';

/** Builds the signed-in user record from the row of `GET /api/db/users/uid/{uid}`. */
export function mapUserRow(row: UserRow): SignedInUser {
  return {
    Id: row.Id,
    CreatedDate: row.CreatedDate,
    Email: row.Email,
    FirstName: row.FirstName,
    LastName: row.LastName,
    PlantNumber: row.PlantNbr,
    SalesAdmin: row.SalesAdmin,
    SalesRep: row.SalesRep,
    CorporateId: row.CorporateId,
    LastUpdatedDate: row.LastUpdatedDate,
    Uid: row.Uid,
    role: { RoleId: row.RoleId, RoleName: row.RoleName },
    roleIds: row.RoleIds,
    displayName: [row.FirstName, row.LastName].filter(Boolean).join(' '),
    customer: customerOfRow(row),
  };
}

/** A user row carries a customer only when it is bound to one (the Customer role). */
function customerOfRow(row: UserRow): UserCustomer | null {
  if (row.CustomerId === null || row.CustomerCode === null) return null;
  return {
    CustomerId: row.CustomerId,
    CustomerCode: row.CustomerCode,
    CustomerName: row.CustomerName ?? row.CustomerCode,
    CustomerLogo: row.CustomerLogo,
    EmailAddresses: row.EmailAddresses ?? [],
  };
}

/** The switch operation's input, in the stored shape. */
export function toSelectedCustomer(customer: SwitchCustomerInput): SelectedCustomer {
  return {
    CustomerId: customer.Id,
    CustomerCode: customer.CustomerCode,
    CustomerName: customer.CustomerName,
    CustomerLogo: customer.CustomerLogo,
    CustomerEmailAddresses: [...customer.EmailAddresses],
  };
}

/**
 * The stored selection as the user record's customer. The record keeps one customer shape
 * (`EmailAddresses`) whatever its source, so readers never need to know where it came from.
 */
export function toUserCustomer({
  CustomerEmailAddresses,
  ...customer
}: SelectedCustomer): UserCustomer {
  return { ...customer, EmailAddresses: [...CustomerEmailAddresses] };
}
