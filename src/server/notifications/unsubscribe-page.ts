/**
 * The pages an email's unsubscribe link opens: served by the API without the PWA (a person who
 * follows the link may never have signed in on this device), yet looking like the portal: its
 * colour, its header, its light and dark themes, readable on a phone. Each page says what the link
 * stops and for whom, offers the notification settings to a person with a login, and, once
 * unsubscribed, an undo. Pure, so the routes and the screenshots draw the same page.
 */
import { SETTINGS_PATH } from './email';

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; --brand: #bf0d31; --page: #f8f9fa; --card: #fff; --ink: #1a1b1e;
  --muted: #495057; --line: #dee2e6; --link: #bf0d31; }
@media (prefers-color-scheme: dark) {
  :root { --page: #1a1b1e; --card: #25262b; --ink: #e9ecef; --muted: #adb5bd; --line: #373a40;
    --link: #ff8fa3; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 16px/1.5 -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
header { background: var(--brand); color: #fff; padding: 12px 16px; font-weight: 700; }
header a { color: #fff; text-decoration: none; }
main { max-width: 560px; margin: 24px auto; padding: 0 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 20px; }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 12px; }
p { margin: 0 0 16px; overflow-wrap: anywhere; }
.muted { color: var(--muted); font-size: 14px; }
form { margin: 0 0 16px; }
button { font: inherit; font-weight: 600; min-height: 44px; padding: 10px 18px; border-radius: 4px;
  border: 1px solid var(--brand); background: var(--brand); color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: var(--link); border-color: var(--line); }
button:focus-visible, a:focus-visible { outline: 2px solid #228be6; outline-offset: 2px; }
a { color: var(--link); }
`;

export interface UnsubscribePage {
  title: string;
  /** Sentences, as plain text (escaped here). */
  lines: string[];
  /** A button that posts to `action`. */
  form?: { action: string; label: string; secondary?: boolean } | undefined;
  /** The settings page of a person with a login. */
  settingsUrl?: string | undefined;
}

export function unsubscribePageHtml(page: UnsubscribePage): string {
  const paragraphs = page.lines.map((line) => `<p>${escape(line)}</p>`).join('');
  const form = page.form
    ? `<form method="post" action="${escape(page.form.action)}"><button type="submit"${
        page.form.secondary ? ' class="secondary"' : ''
      }>${escape(page.form.label)}</button></form>`
    : '';
  const settings = page.settingsUrl
    ? `<p class="muted">Choose which emails you get, topic by topic, in your <a href="${escape(
        page.settingsUrl,
      )}">notification settings</a>.</p>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark">' +
    `<title>${escape(page.title)} · Customer Portal</title><style>${STYLE}</style></head>` +
    '<body><header><a href="/">Customer Portal</a></header>' +
    `<main><div class="card"><h1>${escape(page.title)}</h1>${paragraphs}${form}${settings}</div></main>` +
    '</body></html>'
  );
}

/** The settings page's address, for a person with a login (a notice address has none). */
export const settingsPathFor = (userId: number | null): string | undefined =>
  userId === null ? undefined : SETTINGS_PATH;
