/**
 * `npm run audit:lighthouse [url]`: Lighthouse (mobile) on the sign-in page of a running portal
 * (default: the end-to-end server's port), judged as the `lighthouse` stage of `npm test` judges
 * it (scripts/lib/lighthouse.ts). Prints each run and the verdict; exit code 1 below the bars.
 */
import { E2E_PORT } from './lib/constants';
import { auditSignInPage } from './lib/lighthouse';

const url = process.argv[2] ?? `http://127.0.0.1:${E2E_PORT}/`;
const verdict = await auditSignInPage(url);
console.log(`${verdict.ok ? '✓' : '✗'} ${verdict.summary}`);
if (!verdict.ok) process.exitCode = 1;
