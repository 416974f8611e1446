// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { globex } from '../test-utils/fixtures';
import {
  clearSelectedCustomer,
  readSelectedCustomer,
  writeSelectedCustomer,
} from './selected-customer';

const KEY = STORAGE_KEYS.session.selectedCustomer;

afterEach(() => sessionStorage.clear());

describe('the selected customer in sessionStorage', () => {
  it('is kept in sessionStorage and read back', () => {
    expect(readSelectedCustomer()).toBeNull();
    writeSelectedCustomer(globex);
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? 'null')).toEqual(globex);
    expect(readSelectedCustomer()).toEqual(globex);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('is cleared (sign-out)', () => {
    writeSelectedCustomer(globex);
    clearSelectedCustomer();
    expect(readSelectedCustomer()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('drops a stored value of the wrong shape', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ Id: 12, EmailAddresses: [] }));
    expect(readSelectedCustomer()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    sessionStorage.setItem(KEY, '{not json');
    expect(readSelectedCustomer()).toBeNull();
  });

  it('drops a stored customer with any one field of the wrong type', () => {
    for (const wrong of [
      { CustomerId: 1.5 },
      { CustomerId: '12' },
      { CustomerCode: null },
      { CustomerName: 7 },
      { CustomerLogo: 5 },
      { CustomerEmailAddresses: 'a@b.test' },
      { CustomerEmailAddresses: ['a@b.test', 3] },
    ]) {
      sessionStorage.setItem(KEY, JSON.stringify({ ...globex, ...wrong }));
      expect(readSelectedCustomer(), JSON.stringify(wrong)).toBeNull();
    }
    sessionStorage.setItem(KEY, JSON.stringify({ ...globex, CustomerLogo: null }));
    expect(readSelectedCustomer()).toEqual({ ...globex, CustomerLogo: null });
  });

  it('reads back only the fields of a selected customer', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ ...globex, Extra: 'left over' }));
    expect(readSelectedCustomer()).toEqual(globex);
  });
});
