import { describe, expect, it } from 'vitest';
import { orderCreateSchema } from '../../../../../shared/schemas/order';
import { initialValues, toOrderInput } from './order-values';

describe('the order form as the body it sends', () => {
  const filled = {
    ...initialValues(),
    PoNumber: 'PO-1',
    Lines: [{ ItemNumber: 'A', QtyOrdered: 2 }],
  };

  it('sends a date left empty as none, which the API takes', () => {
    const parsed = orderCreateSchema.safeParse(toOrderInput(filled));
    expect(parsed.success && parsed.data.RequestedShipDate).toBeNull();
    // The API itself refuses the empty text: it is not a date.
    expect(orderCreateSchema.safeParse(filled).success).toBe(false);
  });

  it('sends a chosen date as it is', () => {
    const date = '2999-01-31';
    const parsed = orderCreateSchema.safeParse(
      toOrderInput({ ...filled, RequestedShipDate: date }),
    );
    expect(parsed.success && parsed.data.RequestedShipDate).toBe(date);
  });

  it("sends a line's own date from a quick order, and leaves it out when emptied", () => {
    const parsed = orderCreateSchema.safeParse(
      toOrderInput({
        ...filled,
        Lines: [
          { ItemNumber: 'A', QtyOrdered: 2, RequestedShipDate: '2999-02-01' },
          { ItemNumber: 'B', QtyOrdered: 1, RequestedShipDate: '' },
        ],
      }),
    );
    expect(parsed.success && parsed.data.Lines).toEqual([
      { ItemNumber: 'A', QtyOrdered: 2, RequestedShipDate: '2999-02-01' },
      { ItemNumber: 'B', QtyOrdered: 1 },
    ]);
  });
});
