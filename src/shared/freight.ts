/**
 * What a bill of lading declares of a load (docs/product/ordering-tools.md): the NMFC freight
 * classes, the package types a dock counts in, the carriers' SCAC codes we know, and the defaults
 * of a shipment's pieces, weight and class worked out from its catalog items. Pure, so the shipment
 * form proposes what the server would print.
 */
import { knownCarrier, type KnownCarrier } from './carriers';

/** The eighteen NMFC freight classes, lowest (densest) first. */
export const FREIGHT_CLASSES = [
  '50',
  '55',
  '60',
  '65',
  '70',
  '77.5',
  '85',
  '92.5',
  '100',
  '110',
  '125',
  '150',
  '175',
  '200',
  '250',
  '300',
  '400',
  '500',
] as const;
export type FreightClass = (typeof FREIGHT_CLASSES)[number];

/** The package types of the VICS bill of lading, by the code it prints. */
export const PACKAGE_TYPES = {
  PLT: 'Pallets',
  SKD: 'Skids',
  CTN: 'Cartons',
  BDL: 'Bundles',
  CRT: 'Crates',
  DRM: 'Drums',
  PCS: 'Pieces',
} as const;
export type PackageType = keyof typeof PACKAGE_TYPES;
export const PACKAGE_TYPE_CODES = Object.keys(PACKAGE_TYPES) as PackageType[];

/** An NMFC item number: digits, optionally a dash and a sub number (156600, 156600-03). */
export const NMFC_PATTERN = /^(\d{4,6}(-\d{1,2})?)?$/;

/** The SCAC of the parcel and freight carriers we know; any other is typed by staff. */
const SCAC_OF: Record<KnownCarrier, string> = {
  UPS: 'UPSN',
  FedEx: 'FDEN',
  USPS: 'USPS',
  DHL: 'DHLC',
};

/** The carrier's SCAC when we know the carrier, '' otherwise. */
export const scacOf = (carrier: string): string => {
  const known = knownCarrier(carrier);
  return known ? SCAC_OF[known] : '';
};

/** What the catalog knows of an item's shipping, as the shipment defaults need it. */
export interface ShippingFacts {
  WeightLbPerUnit: number | null;
  UnitsPerPiece: number | null;
  FreightClass: string;
  Nmfc: string;
}

export interface LoadDefaults {
  /** Pieces, when every line's item says how many units go in one; null otherwise. */
  Pieces: number | null;
  /** Pounds, when every line's item has a weight per unit; null otherwise. */
  WeightLb: number | null;
  /** The highest class of the load's items (a carrier rates a mixed load by its highest). */
  FreightClass: string;
  /** The NMFC number when all the load's items share one; '' otherwise. */
  Nmfc: string;
}

/** Pieces of one line: a part-full carton is still a carton. */
export const piecesOf = (qty: number, unitsPerPiece: number | null): number | null =>
  unitsPerPiece === null || unitsPerPiece <= 0 ? null : Math.ceil(qty / unitsPerPiece);

/**
 * The defaults of a load from what its lines carry: a sum only when every line is known (a guess
 * on a bill of lading is worse than a blank the dock fills in), pounds to three decimals.
 */
export function loadDefaults(
  lines: ReadonlyArray<{ qty: number; facts: ShippingFacts | null }>,
): LoadDefaults {
  let pieces: number | null = lines.length > 0 ? 0 : null;
  let weight: number | null = lines.length > 0 ? 0 : null;
  let highest = -1;
  const nmfcs = new Set<string>();
  for (const { qty, facts } of lines) {
    const linePieces = facts ? piecesOf(qty, facts.UnitsPerPiece) : null;
    pieces = pieces === null || linePieces === null ? null : pieces + linePieces;
    weight =
      weight === null || !facts || facts.WeightLbPerUnit === null
        ? null
        : weight + qty * facts.WeightLbPerUnit;
    const rank = FREIGHT_CLASSES.indexOf((facts?.FreightClass ?? '') as FreightClass);
    if (rank > highest) highest = rank;
    nmfcs.add(facts?.Nmfc ?? '');
  }
  const [onlyNmfc] = nmfcs.size === 1 ? [...nmfcs] : [''];
  return {
    Pieces: pieces === 0 ? null : pieces,
    WeightLb: weight === null || weight === 0 ? null : Math.round(weight * 1000) / 1000,
    FreightClass: highest >= 0 ? FREIGHT_CLASSES[highest]! : '',
    Nmfc: onlyNmfc ?? '',
  };
}
