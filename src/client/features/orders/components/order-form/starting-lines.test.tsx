// @vitest-environment jsdom
/**
 * "Order again" with lines that can no longer be ordered: they are named with the reason, stay
 * on the form until the buyer leaves them out, and leaving them out keeps the others as typed.
 * The draft goes through a real IndexedDB (fake-indexeddb's, in memory).
 */
import 'fake-indexeddb/auto';
import { useForm } from '@mantine/form';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readDraft } from '../../../../lib/device-store';
import { render } from '../../../../test-utils/render';
import { orderDraftName, startOrderWith } from '../../starting-lines';
import type { OrderFormValues } from './order-values';
import { StartingLinesNotice, useStartingLines } from './starting-lines';

function Harness({ initial }: { initial: OrderFormValues }) {
  const form = useForm<OrderFormValues>({ mode: 'controlled', initialValues: initial });
  const starting = useStartingLines(form);
  return (
    <>
      <StartingLinesNotice starting={starting} />
      <ul aria-label="Lines">
        {form.values.Lines.map((line, index) => (
          <li key={index}>{`${line.ItemNumber || '(empty)'} × ${line.QtyOrdered}`}</li>
        ))}
      </ul>
    </>
  );
}

const line = (ItemNumber: string, QtyOrdered: number, Unavailable: string | null = null) => ({
  CatalogItemId: ItemNumber.length,
  ItemNumber,
  Description: `${ItemNumber} carton`,
  QtyOrdered,
  Unavailable,
});

async function startWith(lines: ReturnType<typeof line>[]): Promise<OrderFormValues> {
  await startOrderWith('uid-1', 7, { source: 'order 100123', lines });
  const draft = await readDraft<OrderFormValues>('uid-1', orderDraftName(7));
  return draft!.values;
}

const shownLines = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('starting an order from an earlier one', () => {
  it('names the lines that cannot be ordered and leaves only those out', async () => {
    const values = await startWith([
      line('ACM-1001', 400),
      line('OLD-1111', 12, 'No longer available'),
      line('ACM-1005', 120),
    ]);
    render(<Harness initial={values} />);

    expect(screen.getByText('Some lines from order 100123 cannot be ordered')).toBeTruthy();
    expect(screen.getByText(/No longer available/)).toBeTruthy();
    expect(shownLines()).toContain('OLD-1111 × 12');

    fireEvent.click(screen.getByRole('button', { name: 'Leave it out' }));
    expect(shownLines().filter((text) => text?.includes('×'))).toEqual([
      'ACM-1001 × 400',
      'ACM-1005 × 120',
    ]);
    expect(screen.queryByText('Some lines from order 100123 cannot be ordered')).toBeNull();
  });

  it('leaves an empty line to type in when every line was unavailable', async () => {
    const values = await startWith([
      line('OLD-1111', 12, 'No longer available'),
      line('OLD-2222', 3, 'No longer available'),
    ]);
    render(<Harness initial={values} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave them out' }));
    expect(shownLines().filter((text) => text?.includes('×'))).toEqual(['(empty) × ']);
  });

  it('only confirms where the lines came from when all of them can be ordered', async () => {
    const values = await startWith([line('ACM-1001', 400)]);
    render(<Harness initial={values} />);
    expect(screen.getByText('Lines from order 100123')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Leave/ })).toBeNull();
  });
});
