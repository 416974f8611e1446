/**
 * The help pages (`/docs`), compiled from Markdown at build time (scripts/lib/vite-markdown.ts).
 * Each page route imports only its own page so it stays its own small chunk; the docs index imports
 * them all for its search.
 */
import type { DocPage } from '../../../shared/access';
import connectingYourErp from './content/connecting-your-erp.md';
import contactUs from './content/contact-us.md';
import logOff from './content/log-off.md';
import login from './content/login.md';
import openOrders from './content/open-orders.md';
import quoteRequest from './content/quote-request.md';
import reports from './content/reports.md';
import termsOfUse from './content/terms-of-use.md';

export type DocContent = { title: string; html: string; text: string };

export const DOCS: Readonly<Record<DocPage, DocContent>> = {
  login,
  'log-off': logOff,
  'open-orders': openOrders,
  'quote-request': quoteRequest,
  reports,
  'contact-us': contactUs,
  'terms-of-use': termsOfUse,
  'connecting-your-erp': connectingYourErp,
};

/**
 * The pages whose title or text contain every word of `query` (case-insensitive). The index lists
 * only those its reader may open (the access table), which it checks itself.
 */
export function searchDocs(query: string): DocPage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return (Object.keys(DOCS) as DocPage[]).filter((page) => {
    const haystack = `${DOCS[page].title} ${DOCS[page].text}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
