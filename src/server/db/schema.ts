/**
 * The database schema (PostgreSQL dialect; PGlite embedded or a real server).
 *
 * Property keys are the API's PascalCase names and columns are snake_case (DESIGN §6), so a
 * selected row already speaks the wire's language (`CustomerCode`, not `customer_code`).
 * Orders, catalog and requests arrive in later issues as further tables in this file.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/roles';

/** PGlite hands bytea out as a Uint8Array and node-postgres as a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Every mutable row carries these (DESIGN §6); Version backs `If-Match` in later issues. */
const rowDates = {
  CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  LastUpdatedDate: timestamp('last_updated_date', { withTimezone: true }).notNull().defaultNow(),
  Version: integer('version').notNull().default(1),
};

export const roles = pgTable('roles', {
  RoleId: integer('role_id').primaryKey(),
  RoleName: text('role_name').notNull().unique(),
});

export const customers = pgTable(
  'customers',
  {
    Id: serial('id').primaryKey(),
    CustomerCode: text('customer_code').notNull().unique(),
    CustomerName: text('customer_name').notNull(),
    /** Addresses that receive notices about this customer's orders and requests. */
    EmailAddresses: text('email_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    Logo: bytea('logo'),
    LogoType: text('logo_type'),
    Active: boolean('active').notNull().default(true),
    ...rowDates,
  },
  (t) => [
    check('customers_code_upper', sql`${t.CustomerCode} = upper(${t.CustomerCode})`),
    // A logo is bytes plus the content type to serve them with, or neither.
    check('customers_logo_typed', sql`(${t.Logo} is null) = (${t.LogoType} is null)`),
    // The switch page lists by name; (name, id) is also its keyset.
    index('customers_name_id_idx').on(t.CustomerName, t.Id),
  ],
);

export const users = pgTable(
  'users',
  {
    Id: serial('id').primaryKey(),
    /** Firebase Authentication uid. */
    Uid: text('uid').notNull().unique(),
    Email: text('email').notNull().unique(),
    FirstName: text('first_name').notNull(),
    LastName: text('last_name').notNull(),
    PlantNbr: text('plant_nbr'),
    SalesAdmin: boolean('sales_admin').notNull().default(false),
    SalesRep: boolean('sales_rep').notNull().default(false),
    CorporateId: text('corporate_id'),
    RoleId: integer('role_id')
      .notNull()
      .references(() => roles.RoleId),
    CustomerId: integer('customer_id').references(() => customers.Id),
    Active: boolean('active').notNull().default(true),
    ...rowDates,
  },
  (t) => [
    // Unique emails compare case-insensitively only if they are stored in one case.
    check('users_email_lower', sql`${t.Email} = lower(${t.Email})`),
    // A buyer always belongs to exactly one customer; staff never to one (DESIGN §6).
    check(
      'users_customer_iff_customer_role',
      sql`(${t.CustomerId} is not null) = (${t.RoleId} = ${sql.raw(String(ROLES.Customer.RoleId))})`,
    ),
    index('users_customer_id_idx').on(t.CustomerId),
  ],
);

/** Who changed what, when, from what to what (DESIGN §6). Written through `writeAudit` only. */
export const auditLog = pgTable(
  'audit_log',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Firebase uid of the person, or `system:<task>` for the seed and other jobs. */
    ActorUid: text('actor_uid').notNull(),
    Action: text('action').notNull(),
    Entity: text('entity').notNull(),
    EntityId: text('entity_id').notNull(),
    Before: jsonb('before'),
    After: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.Entity, t.EntityId)],
);
