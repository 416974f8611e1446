/**
 * The document title of each page, so that tabs, history and screen readers tell pages apart:
 * the page's name first, then the portal's ("Order 100017 · Customer Portal").
 *
 * One mechanism: every route states its title in its `head` (TanStack Router), and the root
 * sets the deepest one as the document's (`DocumentTitle`, routes/__root.tsx). A route whose
 * title needs its record (an order's number) takes it from its loader's data.
 */
import { PORTAL_NAME } from './portal-name';

const SEPARATOR = ' · ';

export function pageTitle(...names: ReadonlyArray<string>): string {
  return [...names, PORTAL_NAME].join(SEPARATOR);
}

/** A route's `head`: the document title naming its page. */
export function pageHead(...names: ReadonlyArray<string>) {
  return { meta: [{ title: pageTitle(...names) }] };
}
