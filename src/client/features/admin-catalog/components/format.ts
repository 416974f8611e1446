import { formatInches } from '../../../../shared/inches';

/** `12 3/8″ × 10 1/4″ × 6″` (length × width × height). */
export function formatSize(item: { Length: number; Width: number; Height: number }): string {
  return [item.Length, item.Width, item.Height].map(formatInches).join(' × ');
}

const priceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** A unit price with 2–4 decimals (prices of small parts need the four the API keeps). */
export const formatPrice = (price: number): string => priceFormat.format(price);
