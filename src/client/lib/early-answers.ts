/**
 * Answers that the first page of a visit needs, asked for before that page's code has arrived
 * (first-page.ts), and taken once, in place of asking again, by the fetcher that reads them
 * (api-read.ts). Only GET answers, asked with the API client's own token and customer, and only
 * until the first page has settled: whatever it has not taken by then is forgotten, so a later
 * page never reads an answer older than itself.
 */
import { apiFetch } from './api-client';

const early = new Map<string, Promise<unknown>>();

/** Sends `GET path` now; the answer (or its failure) waits for the fetcher that takes it. */
export function askEarly(path: string): void {
  // Asked beside the user record, which reports an inactive account (and signs out) itself.
  const answer = apiFetch(path, { reportInactive: false });
  // A failure is the page's to show when it takes the answer, not an unhandled rejection now.
  answer.catch(() => undefined);
  early.set(path, answer);
}

/** The answer asked for `path` early, once; undefined when there is none (any more). */
export function takeEarly(path: string): Promise<unknown> | undefined {
  const answer = early.get(path);
  early.delete(path);
  return answer;
}

export function forgetEarly(): void {
  early.clear();
}
