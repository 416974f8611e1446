import { expect, test, type Page } from '@playwright/test';
import axe, { type Result as AxeViolation, type RunOptions } from 'axe-core';
import { PROJECT_ID } from '../../scripts/lib/constants';
import {
  DEMO_API_KEY,
  sessionRecord,
  type PasswordSignIn,
} from '../../scripts/lib/firebase-session';

export const PASSWORD = 'portal-demo-1';

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password', { exact: true }).first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form and waits until the guard has settled on `landing`. */
export async function signInWithForm(
  page: Page,
  email: string,
  landing: RegExp,
  password = PASSWORD,
): Promise<void> {
  await signIn(page, email, password);
  await expect(page).toHaveURL(landing);
}

/** The web API key the built client uses (src/client/env.ts: the emulator's demo default). */
const API_KEY = DEMO_API_KEY;

/**
 * Signs in through the Auth emulator's REST API instead of the form, and waits until the guard
 * has settled on a route of the app. The account is put where Firebase's session persistence
 * keeps it (this tab's sessionStorage) before the app's scripts run, once per call: a later
 * navigation or a sign-out in the test is not undone, and a later call signs in again.
 * sign-in.spec.ts and a few journeys use the form.
 *
 * `landing` is where the guard must leave the person: a pattern of the URL, with the app opened at
 * `open` (by default `/`, where the guard sends a person with a portal record to their landing);
 * or a path, which is then opened and must stay, for a journey that starts on a screen the person
 * may see. A sign-up without a portal record is sent to its waiting page by the sign-in form, not
 * by the guard: give its path as `landing`.
 */
export async function signInAndSettle(
  page: Page,
  email: string,
  landing: RegExp | string,
  {
    password = PASSWORD,
    open = typeof landing === 'string' ? landing : '/',
  }: { password?: string; open?: string } = {},
): Promise<void> {
  const signIn = () =>
    page.request.post(
      `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
      { data: { email, password, returnSecureToken: true } },
    );
  // Once more when the connection itself failed: on a machine busy with the API suites too, one
  // was reset in a whole run (the Auth emulator behind the server's proxy dropping it; the
  // end-to-end server keeps connections open longer than a test). An answer, even a refusal, is
  // final.
  const res = await signIn().catch(signIn);
  const body = (await res.json()) as PasswordSignIn;
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const now = Date.now();
  const { key, value } = sessionRecord(body, now);
  await page.addInitScript(
    ([key, value, done]) => {
      if (sessionStorage.getItem(done!)) return;
      sessionStorage.setItem(key!, value!);
      sessionStorage.setItem(done!, '1');
    },
    [key, value, `e2e:signed-in:${now}`],
  );
  await page.goto(open);
  await expect(page).toHaveURL(landing);
}

/** The newest code of this kind the Auth emulator issued for this email. */
async function oobCodeFor(
  page: Page,
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string> {
  const res = await page.request.get(`/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const codes = body.oobCodes.filter((c) => c.email === email && c.requestType === requestType);
  const code = codes.at(-1)?.oobCode;
  if (!code) throw new Error(`no ${requestType} code for ${email}`);
  return code;
}

/** The newest password-reset code the Auth emulator issued for this email. */
export const resetCodeFor = (page: Page, email: string) =>
  oobCodeFor(page, email, 'PASSWORD_RESET');

/**
 * Follows the link of the verification email the sign-up had Firebase send, as its owner would
 * in another tab: applies the code the emulator recorded.
 */
export async function confirmEmailFor(page: Page, email: string): Promise<void> {
  const oobCode = await oobCodeFor(page, email, 'VERIFY_EMAIL');
  const res = await page.request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:update?key=${API_KEY}`,
    { data: { oobCode } },
  );
  expect(res.ok()).toBe(true);
}

/** What axe's own definitions say of a rule: its impact, or its checks' (one of them). */
interface AxeDefinitions {
  rules: Array<{
    id: string;
    enabled?: boolean;
    tags: string[];
    impact?: string;
    any: Array<string | { id: string }>;
    all: Array<string | { id: string }>;
    none: Array<string | { id: string }>;
  }>;
  checks: Record<string, { impact?: string }>;
}

/**
 * The rules axe runs by default (enabled, neither experimental nor deprecated) that can find a
 * serious or critical violation: a rule's impact, when it has one, is that of every violation it
 * finds, and otherwise the most severe of its failing checks'. The rest can find only minor or
 * moderate ones, which the scans below do not judge; running them would change no outcome, and
 * they were two fifths of a scan's time (docs/decisions/047).
 */
export const JUDGED_AXE_RULES: readonly string[] = (() => {
  const { rules, checks } = (axe as unknown as { _audit: AxeDefinitions })._audit;
  const judged = new Set(['serious', 'critical']);
  return rules
    .filter((rule) => rule.enabled !== false)
    .filter((rule) => !rule.tags.some((tag) => tag === 'experimental' || tag === 'deprecated'))
    .filter((rule) =>
      rule.impact
        ? judged.has(rule.impact)
        : [...rule.any, ...rule.all, ...rule.none].some((check) =>
            judged.has(checks[typeof check === 'string' ? check : check.id]?.impact ?? ''),
          ),
    )
    .map((rule) => rule.id);
})();

/**
 * What axe finds wrong on the page, by `rules` or by every rule it runs by default.
 *
 * Axe is put into the document once and stays there for the scans that follow in it (the other
 * theme, a menu or a dialog open); a navigation takes it away with the document, and the next scan
 * puts it back. Putting it in compiles half a megabyte of script, which took as long as the scan
 * itself. Only violations are read: details of what passed would be collected for nothing.
 */
export async function axeViolations(
  page: Page,
  rules?: readonly string[],
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules && { runOnly: { type: 'rule', values: [...rules] } }),
  };
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    options,
  );
  return results.violations;
}

export const isSerious = (v: AxeViolation): boolean =>
  v.impact === 'serious' || v.impact === 'critical';

/** A violation as one readable line: the rule, its impact and where. */
export const violationLine = (v: AxeViolation): string =>
  `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/** Axe violations of impact serious or critical, as readable lines (empty when clean). */
export async function seriousA11yViolations(
  page: Page,
  { onlyRules = JUDGED_AXE_RULES }: { onlyRules?: readonly string[] } = {},
): Promise<string[]> {
  return (await axeViolations(page, onlyRules)).filter(isSerious).map(violationLine);
}

/** Switches the page to `theme` with the header's theme button, unless it is in it already. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) !== theme) {
    await page.getByRole('button', { name: /theme/i }).first().click();
  }
  await expect(html).toHaveAttribute('data-mantine-color-scheme', theme);
}

/** Waits for transitions (a dialog fading in) to end: axe would judge a half-faded colour. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * What of the page does not fit its viewport (docs/decisions/018), as readable lines (empty when
 * all fits):
 *
 * - the page itself scrolls sideways;
 * - a visible element reaches past the viewport's right edge, or past the right edge of a box that
 *   scrolls sideways around it (a table too wide for its box hides the figures and buttons to the
 *   right just as surely). Only what an element deliberately clips is left out: a visually hidden
 *   caption, the rest of a text cut with an ellipsis (which the next check judges);
 * - a control or a badge whose text is cut short: a date input reading "mm/dd/yyy", a select or
 *   a badge whose words end in an ellipsis.
 *
 * Each row of a table and each card of a list is made of such elements, so its figures and
 * buttons are all inside the viewport's width when this is empty.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const problems: string[] = [];
    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
        text;
      return `<${el.tagName.toLowerCase()}> "${label}"`;
    };
    // A date input draws its "mm/dd/yyyy" in a shadow tree, which scrollWidth does not see: the
    // width it needs is the one it takes when left to size itself.
    const widthNeeded = (input: HTMLInputElement) => {
      const twin = input.cloneNode() as HTMLInputElement;
      for (const [property, value] of [
        ['width', 'auto'],
        ['min-width', '0'],
        ['max-width', 'none'],
        ['position', 'absolute'],
        ['visibility', 'hidden'],
      ]) {
        twin.style.setProperty(property!, value!, 'important');
      }
      input.after(twin);
      const width = twin.getBoundingClientRect().width;
      twin.remove();
      return width;
    };
    const overflow = document.documentElement.scrollWidth - viewport;
    if (overflow > 0) problems.push(`the page scrolls sideways by ${overflow}px`);

    // An element's right edge may reach this far: the viewport's, or a sideways scroller's
    // around it. Null: an ancestor clips it on purpose (it is not meant to be seen).
    const limits = new Map<Element, number | null>();
    const limitOf = (el: Element | null): number | null => {
      if (el === null || el === document.documentElement) return viewport;
      const known = limits.get(el);
      if (known !== undefined) return known;
      const parent = limitOf(el.parentElement);
      const style = getComputedStyle(el);
      let limit = parent;
      if (parent !== null) {
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          limit = Math.min(parent, el.getBoundingClientRect().right);
        } else if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          limit = null;
        } else if (style.clip !== 'auto' || style.clipPath !== 'none') {
          limit = null;
        }
      }
      limits.set(el, limit);
      return limit;
    };

    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.clip !== 'auto' || style.clipPath !== 'none') continue;
      const limit = limitOf(el.parentElement);
      // Only the outermost element that sticks out is named, not each of its children.
      if (limit !== null && box.right > limit + 1) {
        let outer: Element | null = el.parentElement;
        while (outer && !reported.has(outer)) outer = outer.parentElement;
        if (!outer) problems.push(`${name(el)} reaches ${Math.round(box.right - limit)}px too far`);
        reported.add(el);
      }
      if (limit === null) continue;
      if (el instanceof HTMLInputElement && el.type === 'date') {
        const needed = widthNeeded(el);
        if (needed > box.width + 1) {
          problems.push(`${name(el)} is cut short (a date)`);
        }
      } else if (
        (el instanceof HTMLInputElement
          ? el.readOnly // a select's chosen option
          : style.textOverflow === 'ellipsis' || el.classList.contains('mantine-Badge-label')) &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        const text = el instanceof HTMLInputElement ? el.value : el.textContent;
        problems.push(`${name(el)} is cut short ("${text}")`);
      }
    }
    return problems;
  });
}

/**
 * Whether the journeys keep screenshots: `E2E_SCREENSHOTS=1`, for a person about to look at the
 * screens. They are not checks, and taking one of every screen, theme and size was a quarter of
 * the axe spec's time, so `npm test` leaves them out (a failed test still gets its own).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * With `E2E_SCREENSHOTS=1`, keeps a screenshot of the page (the viewport, or all of it with
 * `fullPage`) as `name`.png in the test's folder under test-results/.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

/**
 * Checks the page's layout (layoutProblems, a soft assertion labelled with `label`) and, with
 * `E2E_SCREENSHOTS=1`, keeps a screenshot of the viewport for a person to look at, in the test's
 * folder under test-results/, named by the viewport's size and `label`
 * (`390x844-app-order-all-dark.png`).
 */
export async function checkLayout(page: Page, label: string): Promise<void> {
  expect.soft(await layoutProblems(page), `${label}: layout`).toEqual([]);
  const size = page.viewportSize();
  const name = `${size?.width}x${size?.height}-${label}`.replace(/[^a-z0-9]+/gi, '-');
  await keepScreenshot(page, name.replace(/-+$/, ''));
}

/** The axe rules whose outcome a theme can change: contrast, and links told apart by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Scans what the page shows in both themes, switching with the header's button: the theme it is
 * in first, with every rule, then the other, which the next screen then starts in (a page reads
 * the stored choice before its first render). A theme changes colours and nothing else, so the
 * second scan runs the rules that judge colours. What covers the theme button (a menu, a drawer,
 * a dialog) is left before the switch and entered again after it (`reenter`). Findings are soft
 * assertions, labelled with `label` and the theme. In each theme the layout is checked too, and
 * a screenshot kept (checkLayout).
 */
export async function scanInBothThemes(
  page: Page,
  label: string,
  reenter?: { leave: () => Promise<void>; enter: () => Promise<void> },
): Promise<void> {
  const shown = await page.locator('html').getAttribute('data-mantine-color-scheme');
  const themes = shown === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const theme of themes) {
    if (theme !== themes[0] && reenter) {
      await reenter.leave();
      await useTheme(page, theme);
      await reenter.enter();
    } else {
      await useTheme(page, theme);
    }
    await settled(page);
    const onlyRules = theme === themes[0] ? JUDGED_AXE_RULES : COLOUR_RULES;
    expect.soft(await seriousA11yViolations(page, { onlyRules }), `${label}, ${theme}`).toEqual([]);
    await checkLayout(page, `${label}, ${theme}`);
  }
}
