import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PROJECT_ID } from '../../scripts/lib/constants';

export const PASSWORD = 'portal-demo-1';

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password', { exact: true }).first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits until the guard has settled on a route of the app. */
export async function signInAndSettle(page: Page, email: string, landing: RegExp): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
}

/** The newest password-reset code the Auth emulator issued for this email. */
export async function resetCodeFor(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const codes = body.oobCodes.filter(
    (c) => c.email === email && c.requestType === 'PASSWORD_RESET',
  );
  const code = codes.at(-1)?.oobCode;
  if (!code) throw new Error(`no reset code for ${email}`);
  return code;
}

/** Axe violations of impact serious or critical, as readable lines (empty when clean). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
