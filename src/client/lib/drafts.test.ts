import { describe, expect, it } from 'vitest';
import { refusedDraft } from './drafts';
import type { OutboxEntry } from './outbox';

const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'e1',
  kind: 'release',
  label: 'Release, order SO-1',
  path: '/api/db/orders/4/releases',
  body: { Lines: [{ OrderLineId: 12, Qty: 5 }] },
  customerId: 7,
  idempotencyKey: 'k1',
  status: 'failed',
  createdAt: '2026-11-20T10:00:00.000Z',
  error: { message: 'Only 2 on hand.', fields: { 'Lines.0.Qty': 'Only 2 on hand.', Other: 'x' } },
  edit: {
    form: 'release:4',
    values: { RequestedShipDate: '2026-11-23', Qty: { '12': 5 } },
    path: '/app/order/4/release',
    fieldMap: { 'Lines.0.Qty': 'Qty.12' },
  },
  ...over,
});

describe('refusedDraft', () => {
  it('gives the values as typed, the form fields their messages, and the page of the form', () => {
    expect(refusedDraft(entry())).toEqual({
      form: 'release:4',
      path: '/app/order/4/release',
      draft: {
        values: { RequestedShipDate: '2026-11-23', Qty: { '12': 5 } },
        errors: { 'Qty.12': 'Only 2 on hand.', Other: 'x' },
        refusal: 'Only 2 on hand.',
        savedAt: '2026-11-20T10:00:00.000Z',
      },
    });
  });

  it('keeps field names the form shares with the request', () => {
    const taken = refusedDraft(
      entry({
        error: { message: 'Check the lines.', fields: { 'Lines.0.ItemNumber': 'Unknown item.' } },
        edit: { form: 'order-new:7', values: {}, path: '/app/order/new' },
      }),
    );
    expect(taken?.draft.errors).toEqual({ 'Lines.0.ItemNumber': 'Unknown item.' });
  });

  it('is null for an entry without a form to go back to', () => {
    expect(refusedDraft(entry({ edit: undefined }))).toBeNull();
  });
});
