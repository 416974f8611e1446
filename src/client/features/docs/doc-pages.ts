/** The titles of the seven help pages (SPEC §2), keyed by their path segment. */
import type { DocPage } from '../../../shared/access';

export const DOC_TITLES: Readonly<Record<DocPage, string>> = {
  login: 'Signing in',
  'log-off': 'Signing out',
  'open-orders': 'Open orders',
  'quote-request': 'Requesting a quote',
  reports: 'Reports',
  'contact-us': 'Contacting us',
  'terms-of-use': 'Terms of use',
};
