/**
 * The email of a notification, composed without I/O so that every part is unit tested: a plain-text
 * and an HTML part saying the same, a link to the page concerned, a link to the notification
 * settings, and a one-click unsubscribe link, also in the List-Unsubscribe header that mail
 * programs show as an "unsubscribe" button. The words are the in-app notification's
 * (describeNotification), so every channel tells the same thing; a shipment adds its carrier's
 * tracking link.
 */
import { trackingUrl } from '../../shared/carriers';
import type { NotificationText } from '../../shared/notifications';

/** Where the settings page lives; the email links to it and names it in List-Unsubscribe. */
export const SETTINGS_PATH = '/app/account/notifications';

export interface EmailInput {
  text: NotificationText;
  /** The event's public facts (carrier and tracking number of a shipment). */
  data: Readonly<Record<string, unknown>>;
  /** The portal's public origin, e.g. `https://portal.example.com` (no trailing slash). */
  publicUrl: string;
  /**
   * `person`: someone with a login, who can change their choices; `address`: one of the
   * customer's notice addresses (EmailAddresses), which only the customer's administrators edit.
   */
  recipient: { kind: 'person' } | { kind: 'address'; customerName: string };
  /** A stable id for this one message (the delivery), so a receiver can spot a repeat. */
  messageId: string;
  /** The one-click link that stops this kind of email for this recipient (unsubscribe.ts). */
  unsubscribeUrl: string;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The carrier's tracking page of a shipment event, when the carrier is one the portal knows. */
export function trackingLinkOf(data: Readonly<Record<string, unknown>>): string | null {
  const carrier = typeof data.Carrier === 'string' ? data.Carrier : '';
  const number = typeof data.TrackingNumber === 'string' ? data.TrackingNumber : '';
  return carrier && number ? trackingUrl(carrier, number) : null;
}

export function composeEmail(input: EmailInput): ComposedEmail {
  const { text, publicUrl, recipient } = input;
  const pageUrl = text.link ? `${publicUrl}${text.link}` : `${publicUrl}/app`;
  const settingsUrl = `${publicUrl}${SETTINGS_PATH}`;
  const tracking = trackingLinkOf(input.data);
  const why =
    recipient.kind === 'person'
      ? 'You receive this because of your notification settings.'
      : `You receive this because this address is on ${recipient.customerName}'s list of addresses for order notices. Its portal administrators can remove it.`;

  const lines = [
    text.title,
    '',
    ...(text.body ? [text.body, ''] : []),
    ...(tracking ? [`Track the shipment: ${tracking}`, ''] : []),
    `Open in the portal: ${pageUrl}`,
    '',
    '--',
    why,
    ...(recipient.kind === 'person' ? [`Notification settings: ${settingsUrl}`] : []),
    `Unsubscribe from these emails: ${input.unsubscribeUrl}`,
  ];

  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#bf0d31">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(text.title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e;max-width:560px;margin:0 auto;padding:16px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(text.title)}</h1>`,
    text.body ? paragraph(escapeHtml(text.body)) : '',
    tracking ? paragraph(link(tracking, 'Track the shipment')) : '',
    paragraph(link(pageUrl, 'Open in the portal')),
    '<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 16px">',
    `<p style="margin:0 0 8px;font-size:13px;color:#495057">${escapeHtml(why)}</p>`,
    `<p style="margin:0;font-size:13px">${[
      ...(recipient.kind === 'person' ? [link(settingsUrl, 'Notification settings')] : []),
      link(input.unsubscribeUrl, 'Unsubscribe from these emails'),
    ].join(' · ')}</p>`,
    '</body></html>',
  ].join('');

  return {
    subject: text.title,
    text: `${lines.join('\n')}\n`,
    html,
    // RFC 2369 and 8058: the mail program's "unsubscribe" button posts to the one-click link.
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: input.messageId,
  };
}
