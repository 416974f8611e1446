/**
 * The customer selected on the switch page, kept in sessionStorage so that it lasts exactly as
 * long as the session-only sign-in (DESIGN §5). Cleared at sign-out (SPEC §4).
 */
import { readSessionJson, removeSessionItem, writeSessionJson } from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { selectedCustomerSchema, type SelectedCustomer } from './user-record';

const KEY = STORAGE_KEYS.session.selectedCustomer;

export function readSelectedCustomer(): SelectedCustomer | null {
  return readSessionJson(KEY, selectedCustomerSchema);
}

export function writeSelectedCustomer(customer: SelectedCustomer): void {
  writeSessionJson(KEY, customer);
}

export function clearSelectedCustomer(): void {
  removeSessionItem(KEY);
}
