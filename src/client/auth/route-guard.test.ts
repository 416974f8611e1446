import { describe, expect, it } from 'vitest';
import { globex, signedInUser } from '../test-utils/fixtures';
import { authReducer, initialAuthState, type AuthState } from './auth-reducer';
import { guardRedirect } from './route-guard';

const signedOut = authReducer(initialAuthState, { type: 'signedOut' });
const signedIn = (user = signedInUser(), selected: typeof globex | null = null): AuthState =>
  authReducer(initialAuthState, {
    type: 'signedIn',
    user,
    selectedCustomer: selected,
    offline: false,
  });
const buyer = signedIn(
  signedInUser({
    role: { RoleId: 3, RoleName: 'Customer' },
    customer: {
      CustomerId: 11,
      CustomerCode: 'ACME',
      CustomerName: 'Acme',
      CustomerLogo: null,
      EmailAddresses: [],
    },
  }),
);

describe('guardRedirect', () => {
  it('rule 1: sends a signed-out visitor to sign in, keeping the deep link', () => {
    expect(guardRedirect(signedOut, '/app/order/5', '/app/order/5?tab=lines')).toBe(
      '/?redirect=%2Fapp%2Forder%2F5%3Ftab%3Dlines',
    );
    expect(guardRedirect(signedOut, '/docs/login', '/docs/login')).toBe(
      '/?redirect=%2Fdocs%2Flogin',
    );
  });

  it('rule 2: sends staff without a selected customer to the switch page', () => {
    expect(guardRedirect(signedIn(), '/app', '/app')).toBe('/app/customer/switch');
    // The customer's page they asked for, to continue to it once they have chosen.
    expect(guardRedirect(signedIn(), '/app/order/5', '/app/order/5#lines')).toBe(
      '/app/customer/switch?redirect=%2Fapp%2Forder%2F5%23lines',
    );
    expect(guardRedirect(signedIn(), '/app/quote-request', '/app/quote-request')).toBe(
      '/app/customer/switch?redirect=%2Fapp%2Fquote-request',
    );
    expect(guardRedirect(signedIn(signedInUser(), globex), '/app', '/app')).toBeNull();
  });

  it('rule 3: sends a buyer away from admin pages to /app', () => {
    expect(guardRedirect(buyer, '/app/user/all', '/app/user/all')).toBe('/app');
  });

  it('lets public pages, allowed pages and unknown paths render', () => {
    expect(guardRedirect(signedOut, '/', '/')).toBeNull();
    expect(guardRedirect(signedOut, '/reset-password', '/reset-password?oobCode=x')).toBeNull();
    expect(guardRedirect(signedIn(), '/app/customer/switch', '/app/customer/switch')).toBeNull();
    expect(guardRedirect(buyer, '/app/order/all', '/app/order/all')).toBeNull();
    expect(guardRedirect(signedOut, '/no/such/page', '/no/such/page')).toBeNull();
  });
});
