import { describe, expect, it } from 'vitest';
import { DOC_PAGES } from '../../../shared/access';
import {
  ORDER_DATE_LABELS,
  ORDER_SORT_LABELS,
  RELEASE_DATE_LABELS,
  RELEASE_SORT_LABELS,
} from '../../../shared/list-options';
import { ORDER_STATUS_LABELS, RELEASE_STATUS_LABELS } from '../../../shared/order-status';
import { STATUS_LABELS as REQUEST_STATUS_LABELS } from '../../../shared/request-status';
import { DOCS, searchDocs } from './doc-pages';

describe('help pages', () => {
  it('has a titled page with real text for each of the seven doc routes', () => {
    for (const page of DOC_PAGES) {
      expect(DOCS[page].title.length).toBeGreaterThan(3);
      expect(DOCS[page].text.split(' ').length).toBeGreaterThan(80);
      expect(DOCS[page].html).toContain('<h2');
    }
  });

  it('finds pages by every word of the query, case-insensitively', () => {
    expect(searchDocs('')).toHaveLength(DOC_PAGES.length);
    expect(searchDocs('Tracking number')).toContain('open-orders');
    expect(searchDocs('quantity breaks')).toEqual(expect.arrayContaining(['quote-request']));
    expect(searchDocs('password')).toEqual(expect.arrayContaining(['login']));
    expect(searchDocs('zzzz-nothing')).toEqual([]);
  });
});

/**
 * The help pages name the screens' choices in the screens' own words: when a filter, sort or
 * status is renamed, added or dropped, the page that explains it fails here until it agrees.
 */
describe('help pages agree with the screens', () => {
  const text = (page: keyof typeof DOCS) => DOCS[page].text;

  it('names the order list’s date filter, every sort and every status', () => {
    for (const label of [...ORDER_DATE_LABELS, ...Object.values(ORDER_SORT_LABELS)])
      expect(text('open-orders')).toContain(label);
    for (const label of Object.values(ORDER_STATUS_LABELS))
      expect(text('open-orders')).toContain(label);
    expect(text('open-orders')).toContain('Sort by');
    // The list has a Sort by select, and its dates are the days orders were placed.
    expect(text('open-orders')).not.toMatch(/column header|date range of the requested ship/i);
  });

  it('names the releases list’s date filter, sorts and statuses', () => {
    for (const label of [...RELEASE_DATE_LABELS, ...Object.values(RELEASE_SORT_LABELS)])
      expect(text('reports')).toContain(label);
    for (const label of Object.values(RELEASE_STATUS_LABELS))
      expect(text('reports')).toContain(label.toLowerCase());
  });

  it('names every status of a quote request', () => {
    for (const label of Object.values(REQUEST_STATUS_LABELS))
      expect(text('quote-request')).toContain(label);
  });

  it('keeps no markup spaces in the text the index shows', () => {
    for (const page of DOC_PAGES) expect(DOCS[page].text).not.toMatch(/\s[.,;:)]|\(\s|\*|`/);
    // A heading ends its sentence instead of running into the paragraph after it.
    expect(DOCS['log-off'].text).toContain('How to sign out. Open the account menu');
    expect(DOCS.login.text).toContain('Forgot your password? On the sign-in page');
  });
});
