/**
 * Demo catalog (docs/product/demo-data.md): 28 items, some offered to every customer, some made for
 * one. Dimensions in sixteenths of an inch (12 3/8″ = 12 * 16 + 6). Idempotent: an item that exists
 * (same customer and item number) is left as staff may have edited it.
 */
import { recordEvent } from '../events';
import type { Db } from '../db/database';
import { catalogItems } from '../db/schema';
import type { FreightClass } from '../../shared/freight';

const ACTOR = 'system:seed';
const inches = (whole: number, sixteenths = 0) => whole * 16 + sixteenths;

interface SeedItem {
  item: string;
  description: string;
  /** Customer code, or null for an item offered to all customers. */
  customer: string | null;
  dims: [number, number, number];
  uom?: string;
  price?: number;
  active?: boolean;
  /** Shipping facts: pounds per unit, units per piece, freight class, NMFC number. */
  ship?: [number, number, string, string];
}

export const DEMO_CATALOG: readonly SeedItem[] = [
  // Stock boxes, offered to all.
  {
    item: 'RSC-0806',
    description: 'Regular slotted carton, 200# C-flute',
    customer: null,
    dims: [inches(8), inches(6), inches(6)],
    price: 0.62,
  },
  {
    item: 'RSC-1210',
    description: 'Regular slotted carton, 200# C-flute',
    customer: null,
    dims: [inches(12), inches(10), inches(8)],
    price: 0.91,
    ship: [0.45, 250, '85', '156600'],
  },
  {
    item: 'RSC-1612',
    description: 'Regular slotted carton, 32 ECT',
    customer: null,
    dims: [inches(16), inches(12), inches(12)],
    price: 1.24,
  },
  {
    item: 'RSC-1814',
    description: 'Regular slotted carton, 44 ECT',
    customer: null,
    dims: [inches(18), inches(14), inches(12)],
    price: 1.58,
  },
  {
    item: 'RSC-2418',
    description: 'Regular slotted carton, 48 ECT double wall',
    customer: null,
    dims: [inches(24), inches(18), inches(18)],
    price: 3.1,
  },
  {
    item: 'MLR-1209',
    description: 'Mailer, roll end tuck front, E-flute white',
    customer: null,
    dims: [inches(12), inches(9), inches(4)],
    price: 0.88,
  },
  {
    item: 'MLR-0906',
    description: 'Mailer, roll end tuck front, E-flute kraft',
    customer: null,
    dims: [inches(9), inches(6), inches(3)],
    price: 0.54,
  },
  {
    item: 'PAD-2418',
    description: 'Corrugated pad, C-flute',
    customer: null,
    dims: [inches(24), inches(18), 0],
    price: 0.31,
  },
  {
    item: 'PAD-4840',
    description: 'Pallet pad, double wall',
    customer: null,
    dims: [inches(48), inches(40), 0],
    price: 1.95,
  },
  {
    item: 'PRT-1010',
    description: 'Partition set, 12 cell',
    customer: null,
    dims: [inches(10), inches(10), inches(6)],
    price: 0.47,
  },
  {
    item: 'HSC-2016',
    description: 'Half slotted container, 44 ECT',
    customer: null,
    dims: [inches(20), inches(16), inches(10)],
    price: 1.72,
  },
  {
    item: 'TRY-1812',
    description: 'Produce tray, die-cut, wax coated',
    customer: null,
    dims: [inches(18, 8), inches(12, 4), inches(4)],
    price: 0.83,
  },
  {
    item: 'OLD-1111',
    description: 'Discontinued carton (kept for old orders)',
    customer: null,
    dims: [inches(11), inches(11), inches(11)],
    price: 0.7,
    active: false,
  },
  // Made for Acme Packaging.
  {
    item: 'ACM-1001',
    description: 'Shipper for 12 × 16 oz jars, printed 2 colour',
    customer: 'ACME',
    dims: [inches(12, 6), inches(10, 4), inches(6)],
    price: 1.38,
    ship: [0.3, 500, '85', '156600'],
  },
  {
    item: 'ACM-1002',
    description: 'Display tray, printed 4 colour',
    customer: 'ACME',
    dims: [inches(15, 12), inches(11, 1), inches(3, 8)],
    price: 1.12,
    ship: [0.2, 400, '92.5', '156600-03'],
  },
  {
    item: 'ACM-1003',
    description: 'Club-store master case',
    customer: 'ACME',
    dims: [inches(22, 3), inches(16, 15), inches(14, 5)],
    price: 2.64,
  },
  {
    item: 'ACM-1004',
    description: 'E-commerce mailer with tear strip',
    customer: 'ACME',
    dims: [inches(13, 2), inches(9, 14), inches(4, 11)],
    price: 0.97,
  },
  {
    item: 'ACM-1005',
    description: 'Insert, die-cut, for ACM-1001',
    customer: 'ACME',
    dims: [inches(12), inches(10), inches(5, 10)],
    price: 0.29,
  },
  {
    item: 'RSC-1210',
    description: 'Acme private-label 12 × 10 × 8 carton',
    customer: 'ACME',
    dims: [inches(12), inches(10), inches(8)],
    price: 0.95,
  },
  // Made for Globex Foods.
  {
    item: 'GLX-2001',
    description: 'Frozen food case, wax cascaded',
    customer: 'GLOBEX',
    dims: [inches(19, 9), inches(13, 7), inches(8, 3)],
    price: 1.81,
  },
  {
    item: 'GLX-2002',
    description: 'Bakery box with window',
    customer: 'GLOBEX',
    dims: [inches(10), inches(10), inches(5)],
    uom: 'CS',
    price: 42.5,
  },
  {
    item: 'GLX-2003',
    description: 'Bulk bin, triple wall octagonal',
    customer: 'GLOBEX',
    dims: [inches(46, 8), inches(38, 8), inches(36)],
    price: 18.4,
  },
  {
    item: 'GLX-2004',
    description: 'Produce carton, full telescope',
    customer: 'GLOBEX',
    dims: [inches(16, 13), inches(12, 15), inches(9, 13)],
    price: 1.44,
  },
  {
    item: 'GLX-2005',
    description: 'Meal-kit shipper, insulated liner',
    customer: 'GLOBEX',
    dims: [inches(17), inches(13), inches(11, 1)],
  },
  // Made for Initech Supply.
  {
    item: 'INI-3001',
    description: 'Parts bin, half slotted',
    customer: 'INITECH',
    dims: [inches(14), inches(8, 8), inches(6, 12)],
    price: 0.76,
  },
  {
    item: 'INI-3002',
    description: 'Long tube, telescoping',
    customer: 'INITECH',
    dims: [inches(36), inches(4), inches(4)],
    price: 1.09,
  },
  {
    item: 'INI-3003',
    description: 'Electronics shipper with foam insert',
    customer: 'INITECH',
    dims: [inches(20, 2), inches(14, 6), inches(10, 14)],
    price: 3.95,
  },
  {
    item: 'INI-3004',
    description: 'Returnable tote pad',
    customer: 'INITECH',
    dims: [inches(23, 15), inches(15, 15), 0],
    uom: 'BDL',
    price: 12,
  },
];

export async function seedCatalog(tx: Db, customerIds: ReadonlyMap<string, number>): Promise<void> {
  const rows = DEMO_CATALOG.map((entry) => {
    const customerId = entry.customer === null ? null : customerIds.get(entry.customer);
    if (customerId === undefined) throw new Error(`Seed: unknown customer ${entry.customer}`);
    const [length, width, height] = entry.dims;
    return {
      ItemNumber: entry.item,
      Description: entry.description,
      CustomerId: customerId,
      Length: length,
      Width: width,
      Height: height,
      UnitOfMeasure: entry.uom ?? 'EA',
      UnitPrice: entry.price ?? null,
      WeightLbPerUnit: entry.ship?.[0] ?? null,
      UnitsPerPiece: entry.ship?.[1] ?? null,
      FreightClass: (entry.ship?.[2] ?? '') as FreightClass | '',
      Nmfc: entry.ship?.[3] ?? '',
      Active: entry.active ?? true,
    };
  });
  const created = await tx.insert(catalogItems).values(rows).onConflictDoNothing().returning();
  for (const item of created) {
    await recordEvent(
      tx,
      { uid: ACTOR, staff: true, customerId: item.CustomerId },
      {
        kind: 'catalog_item.created',
        entity: 'catalog_items',
        entityId: item.Id,
        after: item,
      },
    );
  }
}
