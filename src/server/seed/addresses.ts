/**
 * The demo customers' ship-to address books: two or three addresses each, the default being the
 * "usual address" their orders were sent to before the book existed. Added once (a book that has
 * addresses is left as it is); demo orders placed before the book get a copy of the default.
 */
import { and, eq, isNull, like } from 'drizzle-orm';
import type { AddressWrite } from '../../shared/schemas/address';
import { createAddress } from '../addresses/service';
import { copyOf, countAddresses, findDefaultAddress } from '../addresses/queries';
import type { Db } from '../db/database';
import { orders } from '../db/schema';

const ACTOR = 'system:seed';

const address = (fields: Omit<AddressWrite, 'IsDefault'>, isDefault = false): AddressWrite => ({
  ...fields,
  IsDefault: isDefault,
});

export const DEMO_ADDRESSES: Record<'ACME' | 'GLOBEX', AddressWrite[]> = {
  ACME: [
    address(
      {
        Name: 'Acme Packaging',
        Lines: ['1200 Industrial Way'],
        City: 'Springfield',
        Region: 'IL',
        PostalCode: '62703',
        Country: 'United States',
        DeliveryNotes: 'Dock 4',
      },
      true,
    ),
    address({
      Name: 'Acme East Warehouse',
      Lines: ['Building C', '45 Commerce Park Drive'],
      City: 'Shelbyville',
      Region: 'IL',
      PostalCode: '62565',
      Country: 'United States',
      DeliveryNotes: 'Receiving 7:00–15:00, call 30 minutes ahead.',
    }),
    address({
      Name: 'Acme Returns Center',
      Lines: ['9 Canal Street'],
      City: 'Capital City',
      Region: 'IL',
      PostalCode: '62701',
      Country: 'United States',
      DeliveryNotes: '',
    }),
  ],
  GLOBEX: [
    address(
      {
        Name: 'Globex Foods DC',
        Lines: ['77 Harbor Road'],
        City: 'Cypress Creek',
        Region: 'OR',
        PostalCode: '97001',
        Country: 'United States',
        DeliveryNotes: '',
      },
      true,
    ),
    address({
      Name: 'Globex Cold Storage',
      Lines: ['Unit 12', '300 Frost Lane'],
      City: 'Cypress Creek',
      Region: 'OR',
      PostalCode: '97002',
      Country: 'United States',
      DeliveryNotes: 'Door 2 only; pallets no taller than 60 in.',
    }),
  ],
};

export async function seedAddresses(
  tx: Db,
  customerIds: ReadonlyMap<string, number>,
): Promise<void> {
  for (const code of ['ACME', 'GLOBEX'] as const) {
    const customerId = customerIds.get(code);
    if (customerId === undefined) throw new Error(`Seed: unknown customer ${code}`);
    if ((await countAddresses(tx, customerId)) === 0) {
      for (const entry of DEMO_ADDRESSES[code]) {
        await createAddress(tx, customerId, entry, { uid: ACTOR, staff: true });
      }
    }
    const fallback = await findDefaultAddress(tx, customerId);
    if (!fallback) continue;
    await tx
      .update(orders)
      .set({ ShipToAddress: copyOf(fallback) })
      .where(
        and(
          eq(orders.CustomerId, customerId),
          isNull(orders.ShipToAddress),
          like(orders.PoNumber, 'DEMO-%'),
        ),
      );
  }
}
