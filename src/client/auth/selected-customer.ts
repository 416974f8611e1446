/**
 * The customer selected on the switch page, kept in sessionStorage so that it lasts exactly as long
 * as the session-only sign-in. Cleared at sign-out.
 */
import {
  readSessionJson,
  removeSessionItem,
  writeSessionJson,
  type StoredShape,
} from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage-keys';
import type { SelectedCustomer } from './user-record';

const KEY = STORAGE_KEYS.session.selectedCustomer;

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Checked by hand, not with a zod schema: the API client reads the selected customer on every
 * call, so this module is in the first load of every page, and zod is not.
 */
const selectedCustomerShape: StoredShape<SelectedCustomer> = {
  safeParse(value) {
    if (typeof value !== 'object' || value === null) return { success: false };
    const stored = value as Record<keyof SelectedCustomer, unknown>;
    const valid =
      Number.isInteger(stored.CustomerId) &&
      isText(stored.CustomerCode) &&
      isText(stored.CustomerName) &&
      (stored.CustomerLogo === null || isText(stored.CustomerLogo)) &&
      Array.isArray(stored.CustomerEmailAddresses) &&
      stored.CustomerEmailAddresses.every(isText);
    if (!valid) return { success: false };
    return {
      success: true,
      data: {
        CustomerId: stored.CustomerId as number,
        CustomerCode: stored.CustomerCode as string,
        CustomerName: stored.CustomerName as string,
        CustomerLogo: stored.CustomerLogo as string | null,
        CustomerEmailAddresses: stored.CustomerEmailAddresses as string[],
      },
    };
  },
};

export function readSelectedCustomer(): SelectedCustomer | null {
  return readSessionJson(KEY, selectedCustomerShape);
}

export function writeSelectedCustomer(customer: SelectedCustomer): void {
  writeSessionJson(KEY, customer);
}

export function clearSelectedCustomer(): void {
  removeSessionItem(KEY);
}
