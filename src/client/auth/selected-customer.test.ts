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
});
