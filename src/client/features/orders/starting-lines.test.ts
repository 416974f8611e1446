import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_REASONS } from '../../../shared/schemas/order-list';

const store = vi.hoisted(() => ({
  drafts: new Map<string, { values: unknown; savedAt: string }>(),
}));
vi.mock('../../lib/device-store', () => ({
  readDraft: (uid: string, name: string) => Promise.resolve(store.drafts.get(`${uid}|${name}`)),
  writeDraft: (uid: string, name: string, draft: { values: unknown; savedAt: string }) => {
    store.drafts.set(`${uid}|${name}`, draft);
    return Promise.resolve();
  },
}));

const { clearStartingLines, orderDraftName, peekStartingLines, startOrderWith } =
  await import('./starting-lines');

const lines = [
  {
    CatalogItemId: 1,
    ItemNumber: 'ACM-1001',
    Description: 'Shipper',
    QtyOrdered: 400,
    Unavailable: null,
  },
  {
    CatalogItemId: 2,
    ItemNumber: '#2',
    Description: '',
    QtyOrdered: 5,
    Unavailable: UNAVAILABLE_REASONS.notOffered,
  },
];

describe('startOrderWith', () => {
  beforeEach(() => {
    store.drafts.clear();
    clearStartingLines();
  });

  it("puts the lines in the form's draft of that customer, keeping the rest of a draft there", async () => {
    store.drafts.set(`u1|${orderDraftName(7)}`, {
      values: { PoNumber: 'PO-9', RequestedShipDate: '', ShipTo: 'Dock 2', Notes: 'n', Lines: [] },
      savedAt: 'earlier',
    });
    await startOrderWith('u1', 7, { source: 'order 100002', lines });
    expect(store.drafts.get('u1|order-new:7')?.values).toEqual({
      PoNumber: 'PO-9',
      RequestedShipDate: '',
      ShipTo: 'Dock 2',
      Notes: 'n',
      Lines: [
        { ItemNumber: 'ACM-1001', QtyOrdered: 400 },
        { ItemNumber: '#2', QtyOrdered: 5 },
      ],
    });
    expect(peekStartingLines()?.source).toBe('order 100002');
    clearStartingLines();
    expect(peekStartingLines()).toBeNull();
  });

  it('starts an empty form with them when there is no draft, under the customer in effect', async () => {
    await startOrderWith('u1', null, { source: 'list Weekly', lines: lines.slice(0, 1) });
    expect(store.drafts.has('u1|order-new:7')).toBe(false);
    expect(store.drafts.get('u1|order-new:none')?.values).toMatchObject({
      PoNumber: '',
      Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 400 }],
    });
  });
});
