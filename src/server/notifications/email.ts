/**
 * The email of a notification, composed without I/O so that every part is unit tested. The HTML
 * part is drawn with React Email's components (docs/decisions/042), which render on the server with
 * no network: tables and inline styles that mail programs keep, a viewport and charset, a dark
 * palette for mail programs in dark mode. The plain-text part is written from the same content,
 * so both say the same: the title and text of the in-app notification (describeNotification),
 * the facts and lines a full notice lists (noticeDetails), a link to the page concerned, a
 * shipment's tracking link and packing list, the plant's sender block, a link to the notification
 * settings and a one-click unsubscribe link, also in the List-Unsubscribe header that mail
 * programs show as an "unsubscribe" button.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { trackingUrl } from '../../shared/carriers';
import type { NoticeDetails, NotificationText } from '../../shared/notifications';

/** Where the settings page lives; the email links to it and names it in List-Unsubscribe. */
export const SETTINGS_PATH = '/app/account/notifications';

/** The portal's colour, as the PWA's theme has it. */
export const BRAND = '#bf0d31';

/** Who the emails come from, as their sender block says (PLANT_NAME, PLANT_ADDRESS). */
export interface Sender {
  name: string;
  /** Its postal address, one line each; none when not configured. */
  address: readonly string[];
}

export interface EmailInput {
  text: NotificationText;
  /** The facts and lines the notice lists (noticeDetails); none for a short notice. */
  details?: NoticeDetails | undefined;
  /** The event's public facts (carrier and tracking number of a shipment). */
  data: Readonly<Record<string, unknown>>;
  /** The portal's public origin, e.g. `https://portal.example.com` (no trailing slash). */
  publicUrl: string;
  sender: Sender;
  /** The customer's logo as the portal serves it (an absolute URL), when it has one. */
  logo?: { url: string; customerName: string } | null | undefined;
  /**
   * `person`: someone with a login, who can change their choices; `address`: one of the
   * customer's notice addresses (EmailAddresses), which only the customer's administrators edit.
   */
  recipient: { kind: 'person' } | { kind: 'address'; customerName: string };
  /** A stable id for this one message (the delivery), so a receiver can spot a repeat. */
  messageId: string;
  /** The one-click link that stops this kind of email for this recipient (unsubscribe.ts). */
  unsubscribeUrl: string;
  /** The file name of the packing list attached to a shipment's email. */
  attachmentName?: string | undefined;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

/** The carrier's tracking page of a shipment event, when the carrier is one the portal knows. */
export function trackingLinkOf(data: Readonly<Record<string, unknown>>): string | null {
  const carrier = typeof data.Carrier === 'string' ? data.Carrier : '';
  const number = typeof data.TrackingNumber === 'string' ? data.TrackingNumber : '';
  return carrier && number ? trackingUrl(carrier, number) : null;
}

/** What both parts say, worked out once. */
interface Content {
  title: string;
  body: string;
  details: NoticeDetails;
  pageUrl: string;
  pageLabel: string;
  tracking: string | null;
  attachmentName: string | undefined;
  why: string;
  settingsUrl: string | null;
  unsubscribeUrl: string;
  sender: Sender;
  logo: EmailInput['logo'];
}

function contentOf(input: EmailInput): Content {
  const { text, publicUrl, recipient } = input;
  const order = input.details?.facts.find((f) => f.label === 'Order')?.value;
  return {
    title: text.title,
    body: text.body,
    details: input.details ?? { facts: [], lines: [] },
    pageUrl: text.link ? `${publicUrl}${text.link}` : `${publicUrl}/app`,
    pageLabel: order ? `Open order ${order} in the portal` : 'Open in the portal',
    tracking: trackingLinkOf(input.data),
    attachmentName: input.attachmentName,
    why:
      recipient.kind === 'person'
        ? 'You receive this because of your notification settings.'
        : `You receive this because this address is on ${recipient.customerName}'s list of addresses for order notices. Its portal administrators can remove it.`,
    settingsUrl: recipient.kind === 'person' ? `${publicUrl}${SETTINGS_PATH}` : null,
    unsubscribeUrl: input.unsubscribeUrl,
    sender: input.sender,
    logo: input.logo,
  };
}

function plainText(c: Content): string {
  const out: string[] = [c.title, ''];
  if (c.body) out.push(c.body, '');
  if (c.details.facts.length > 0) {
    for (const f of c.details.facts) out.push(`${f.label}: ${f.value}`);
    out.push('');
  }
  for (const l of c.details.lines) {
    out.push(`Line ${l.line}  ${l.item}${l.description ? ` - ${l.description}` : ''}`);
    out.push(`  Quantity: ${l.qty}${l.date ? ` | ${l.date}` : ''}`);
    if (l.flag) out.push(`  ${l.flag.toUpperCase().startsWith('LATE') ? '! ' : ''}${l.flag}`);
  }
  if (c.details.lines.length > 0) out.push('');
  if (c.tracking) out.push(`Track the shipment: ${c.tracking}`, '');
  if (c.attachmentName) out.push(`The packing list is attached: ${c.attachmentName}`, '');
  out.push(`${c.pageLabel}: ${c.pageUrl}`, '', '--', c.sender.name, ...c.sender.address, '');
  out.push(c.why);
  if (c.settingsUrl) out.push(`Notification settings: ${c.settingsUrl}`);
  out.push(`Unsubscribe from these emails: ${c.unsubscribeUrl}`);
  return `${out.join('\n')}\n`;
}

// Light colours inline (every mail program keeps them); dark ones in the <style> below, for the
// mail programs that honour prefers-color-scheme (Apple Mail, iOS, Outlook on the Mac) and
// Outlook.com's own dark mode ([data-ogsc]). The rest darken the light palette themselves.
const COLORS = {
  page: '#f1f3f5',
  card: '#ffffff',
  ink: '#1a1b1e',
  muted: '#495057',
  line: '#dee2e6',
};
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .pc-page, .pc-page > table > tbody > tr > td { background-color: #101113 !important; }
  .pc-card { background-color: #1a1b1e !important; }
  .pc-ink { color: #e9ecef !important; }
  .pc-muted { color: #adb5bd !important; }
  .pc-link { color: #ff8fa3 !important; }
  .pc-line { border-color: #373a40 !important; }
  .pc-flag { color: #ff8fa3 !important; }
}
[data-ogsc] .pc-page, [data-ogsc] .pc-page > table > tbody > tr > td { background-color: #101113 !important; }
[data-ogsc] .pc-card { background-color: #1a1b1e !important; }
[data-ogsc] .pc-ink { color: #e9ecef !important; }
[data-ogsc] .pc-muted { color: #adb5bd !important; }
[data-ogsc] .pc-link { color: #ff8fa3 !important; }
[data-ogsc] .pc-flag { color: #ff8fa3 !important; }
@media only screen and (max-width: 480px) {
  .pc-card { padding: 20px 16px !important; }
}
`;

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const small: CSSProperties = { fontSize: '13px', lineHeight: '20px', margin: '0 0 4px' };

const link = (href: string, label: string, style: CSSProperties = {}) =>
  h(Link, { href, className: 'pc-link', style: { color: BRAND, ...style } }, label);

function facts(c: Content): ReactNode {
  if (c.details.facts.length === 0) return null;
  return h(
    'table',
    {
      role: 'presentation',
      width: '100%',
      cellPadding: 0,
      cellSpacing: 0,
      style: { borderCollapse: 'collapse', margin: '0 0 16px' },
    },
    h(
      'tbody',
      null,
      c.details.facts.map((f) =>
        h(
          'tr',
          { key: f.label },
          h(
            'td',
            {
              className: 'pc-muted',
              // As narrow as its longest label, so the value has the rest of a phone's width.
              width: '1%',
              style: {
                color: COLORS.muted,
                fontSize: '14px',
                padding: '4px 12px 4px 0',
                verticalAlign: 'top',
                whiteSpace: 'nowrap',
              },
            },
            f.label,
          ),
          h(
            'td',
            {
              className: 'pc-ink',
              style: {
                color: COLORS.ink,
                fontSize: '14px',
                padding: '4px 0',
                fontWeight: 600,
                wordBreak: 'break-word',
              },
            },
            f.value,
          ),
        ),
      ),
    ),
  );
}

/** Each line as a block of its own, so a phone shows it whole without a wide table. */
function lines(c: Content): ReactNode {
  if (c.details.lines.length === 0) return null;
  return h(
    Section,
    { style: { margin: '0 0 16px' } },
    c.details.lines.map((l) =>
      h(
        Section,
        {
          key: l.line,
          className: 'pc-line',
          style: { borderTop: `1px solid ${COLORS.line}`, padding: '10px 0' },
        },
        h(
          Text,
          { className: 'pc-ink', style: { ...small, fontSize: '15px', color: COLORS.ink } },
          h('strong', null, `Line ${l.line} · ${l.item}`),
          l.description ? ` — ${l.description}` : '',
        ),
        h(
          Text,
          { className: 'pc-muted', style: { ...small, color: COLORS.muted } },
          `Quantity ${l.qty}${l.date ? ` · ${l.date}` : ''}`,
        ),
        l.flag
          ? h(
              Text,
              { className: 'pc-flag', style: { ...small, color: BRAND, fontWeight: 700 } },
              l.flag,
            )
          : null,
      ),
    ),
  );
}

function document(c: Content): ReactNode {
  const ink: CSSProperties = { color: COLORS.ink };
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, c.title),
      h('style', null, DARK_CSS),
    ),
    h(Preview, null, c.body || c.title),
    h(
      Body,
      {
        className: 'pc-page',
        style: { backgroundColor: COLORS.page, margin: 0, padding: '16px 0', fontFamily: FONT },
      },
      h(
        Container,
        {
          className: 'pc-card',
          style: {
            backgroundColor: COLORS.card,
            borderTop: `4px solid ${BRAND}`,
            borderRadius: '6px',
            maxWidth: '600px',
            width: '100%',
            padding: '24px',
            boxSizing: 'border-box',
          },
        },
        h(
          Section,
          { style: { margin: '0 0 16px' } },
          c.logo
            ? h(Img, {
                src: c.logo.url,
                alt: c.logo.customerName,
                height: 40,
                style: { height: '40px', width: 'auto', maxWidth: '200px' },
              })
            : h(
                Text,
                {
                  className: 'pc-link',
                  style: { ...small, color: BRAND, fontWeight: 700, fontSize: '15px' },
                },
                c.sender.name,
              ),
        ),
        h(
          Heading,
          {
            as: 'h1',
            className: 'pc-ink',
            style: { ...ink, fontSize: '22px', lineHeight: '28px', margin: '0 0 12px' },
          },
          c.title,
        ),
        c.body
          ? h(
              Text,
              {
                className: 'pc-ink',
                style: { ...ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
              },
              c.body,
            )
          : null,
        facts(c),
        lines(c),
        c.tracking
          ? h(Text, { style: { margin: '0 0 12px' } }, link(c.tracking, 'Track the shipment'))
          : null,
        c.attachmentName
          ? h(
              Text,
              {
                className: 'pc-muted',
                style: { ...small, color: COLORS.muted, margin: '0 0 12px' },
              },
              `The packing list is attached: ${c.attachmentName}`,
            )
          : null,
        h(
          Section,
          { style: { margin: '8px 0 8px' } },
          h(
            Link,
            {
              href: c.pageUrl,
              style: {
                backgroundColor: BRAND,
                borderRadius: '4px',
                color: '#ffffff',
                display: 'inline-block',
                fontSize: '15px',
                fontWeight: 600,
                padding: '12px 18px',
                textDecoration: 'none',
              },
            },
            c.pageLabel,
          ),
        ),
        h(Hr, { className: 'pc-line', style: { borderColor: COLORS.line, margin: '24px 0 16px' } }),
        h(
          Text,
          { className: 'pc-ink', style: { ...small, color: COLORS.ink, fontWeight: 600 } },
          c.sender.name,
        ),
        ...c.sender.address.map((line) =>
          h(
            Text,
            { key: line, className: 'pc-muted', style: { ...small, color: COLORS.muted } },
            line,
          ),
        ),
        h(
          Text,
          {
            className: 'pc-muted',
            style: { ...small, color: COLORS.muted, margin: '12px 0 8px' },
          },
          c.why,
        ),
        h(
          Text,
          { style: { ...small, margin: 0 } },
          ...(c.settingsUrl ? [link(c.settingsUrl, 'Notification settings'), ' · '] : []),
          link(c.unsubscribeUrl, 'Unsubscribe from these emails'),
        ),
      ),
    ),
  );
}

export async function composeEmail(input: EmailInput): Promise<ComposedEmail> {
  const content = contentOf(input);
  return {
    subject: input.text.title,
    text: plainText(content),
    html: await render(document(content)),
    // RFC 2369 and 8058: the mail program's "unsubscribe" button posts to the one-click link.
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: input.messageId,
  };
}
