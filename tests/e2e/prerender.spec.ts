/**
 * The prerendered sign-in page is the online one whatever the network of the machine that builds it
 * (docs/decisions/009): the prerender of the built shell, taken with the browser offline, is the
 * page a connected visitor sees, with both tabs and no "needs a connection" notice.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { prerenderSignInPage } from '../../scripts/lib/prerender';

test('a build without a network prerenders the online sign-in page', async () => {
  // dist/shell.html is the shell as vite built it, before the prerender filled index.html.
  const shell = readFileSync('dist/shell.html', 'utf8');
  const html = await prerenderSignInPage(shell, { dist: 'dist', offline: true });
  const root = html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf('<template id="app-scripts">'),
  );
  expect(root).toContain('data-prerendered');
  expect(root).toContain('Sign in');
  expect(root).toContain('Create an account');
  expect(root).not.toContain('needs a connection');
  expect(root).not.toContain('role="status"');
});
