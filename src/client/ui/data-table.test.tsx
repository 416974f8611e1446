// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../test-utils/render';
import { DataTable, type Column, type DataTableProps } from './data-table';

interface Line {
  id: number;
  item: string;
  description: string;
  qty: number;
}

const LINES: Line[] = [
  { id: 1, item: 'ACM-1001', description: 'Shipper box', qty: 300 },
  { id: 2, item: 'ACM-1002', description: 'Pad', qty: 50 },
];

const COLUMNS: readonly [Column<Line>, ...Column<Line>[]] = [
  { header: 'Item', cell: (line) => line.item },
  { header: 'Description', cell: (line) => line.description, wrap: true },
  { header: 'Qty', cell: (line) => String(line.qty), numeric: true, total: '350' },
];

/** The order lines above, as a DataTable named "Order lines", with `props` on top. */
const renderLines = (props: Partial<DataTableProps<Line>> = {}) =>
  render(
    <DataTable
      caption="Order lines"
      columns={COLUMNS}
      rows={LINES}
      rowKey={(line) => line.id}
      minWidth={600}
      {...props}
    />,
  );

// Both forms are in the tree: the table Mantine shows from `sm` up, and the cards it shows below.
// jsdom lays every page out 1024 px wide, where the cards are hidden by Mantine's media query, so
// the tests find them with `hidden: true` (the end-to-end tests look at them on a phone).
const cardsOf = () =>
  within(screen.getByLabelText('Order lines', { selector: 'ul' })).getAllByRole('listitem', {
    hidden: true,
  });
describe('DataTable', () => {
  it('is a table named by its caption, its key column the row headers, its totals in a footer', () => {
    renderLines();
    const table = screen.getByRole('table', { name: 'Order lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Description', 'Qty']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['ACM-1001', 'ACM-1002', 'Total']);
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe('Total350');
  });

  it('is a card per row on a phone: the key as title, every other column a label and value, the actions inside', () => {
    renderLines({
      actions: (line) =>
        line.qty > 100 ? <button type="button">Cancel {line.item}</button> : null,
    });
    const cards = cardsOf();
    // Two rows and the card of totals.
    expect(cards).toHaveLength(3);
    const [first, second, totals] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.firstElementChild?.textContent).toBe('ACM-1001');
    const pairs = (card: HTMLElement) =>
      within(card)
        .getAllByRole('term', { hidden: true })
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs(first)).toEqual(['Description: Shipper box', 'Qty: 300']);
    expect(within(first).getByText('Cancel ACM-1001', { selector: 'button' })).toBeTruthy();
    expect(within(second).queryByRole('button', { hidden: true })).toBeNull();
    expect(totals.firstElementChild?.textContent).toBe('Total');
    expect(pairs(totals)).toEqual(['Qty: 350']);
  });

  it('titles a card with cardTitle where the key cell needs more words', () => {
    renderLines({ cardTitle: (line) => `Line ${line.id}: ${line.item}` });
    const [card] = cardsOf();
    expect(card?.firstElementChild?.textContent).toBe('Line 1: ACM-1001');
  });
});
