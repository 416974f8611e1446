/**
 * Carriers whose tracking pages we know, so a shipment's tracking number becomes a link (the
 * shipment page). Any other carrier is kept as typed and its number shown as plain text.
 */
export const KNOWN_CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'] as const;
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number];

const TRACKING_PAGES: Record<KnownCarrier, (tracking: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
};

/** The carrier as we know it, whatever the case and spacing it was typed in; null otherwise. */
export function knownCarrier(carrier: string): KnownCarrier | null {
  const key = carrier.replace(/[\s.-]/g, '').toLowerCase();
  return KNOWN_CARRIERS.find((known) => known.toLowerCase() === key) ?? null;
}

/** The carrier's tracking page for this number, or null when the carrier is unknown or no number. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const known = knownCarrier(carrier);
  const number = trackingNumber.trim();
  if (!known || !number) return null;
  return TRACKING_PAGES[known](encodeURIComponent(number));
}
