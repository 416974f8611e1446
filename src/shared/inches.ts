/**
 * Dimensions are stored as integer sixteenths of an inch and entered as whole inches plus one of
 * sixteen fractions, 0 to 15/16 (docs/product/entities.md#catalog-item).
 */
export const INCH_FRACTIONS = [
  { sixteenths: 0, label: '0' },
  { sixteenths: 1, label: '1/16' },
  { sixteenths: 2, label: '1/8' },
  { sixteenths: 3, label: '3/16' },
  { sixteenths: 4, label: '1/4' },
  { sixteenths: 5, label: '5/16' },
  { sixteenths: 6, label: '3/8' },
  { sixteenths: 7, label: '7/16' },
  { sixteenths: 8, label: '1/2' },
  { sixteenths: 9, label: '9/16' },
  { sixteenths: 10, label: '5/8' },
  { sixteenths: 11, label: '11/16' },
  { sixteenths: 12, label: '3/4' },
  { sixteenths: 13, label: '13/16' },
  { sixteenths: 14, label: '7/8' },
  { sixteenths: 15, label: '15/16' },
] as const;

export interface WholeAndFraction {
  whole: number;
  /** 0…15 sixteenths. */
  sixteenths: number;
}

export function toSixteenths({ whole, sixteenths }: WholeAndFraction): number {
  if (!Number.isInteger(whole) || whole < 0) throw new RangeError('whole inches must be ≥ 0');
  if (!Number.isInteger(sixteenths) || sixteenths < 0 || sixteenths > 15) {
    throw new RangeError('fraction must be one of the sixteen sixteenths');
  }
  return whole * 16 + sixteenths;
}

export function fromSixteenths(total: number): WholeAndFraction {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('length must be ≥ 0');
  return { whole: Math.floor(total / 16), sixteenths: total % 16 };
}

/** `12 3/8″`, `6″`, `5/16″`. */
export function formatInches(total: number): string {
  const { whole, sixteenths } = fromSixteenths(total);
  const fraction = sixteenths === 0 ? '' : INCH_FRACTIONS[sixteenths]!.label;
  if (whole === 0 && fraction) return `${fraction}″`;
  return fraction ? `${whole} ${fraction}″` : `${whole}″`;
}
