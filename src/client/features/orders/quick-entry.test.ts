import { describe, expect, it } from 'vitest';
import { parseQuickEntry } from './quick-entry';

describe('parseQuickEntry', () => {
  it('reads item numbers and quantities separated by spaces, tabs, commas or semicolons', () => {
    expect(
      parseQuickEntry('ACM-1001 120\nrsc-0806\t40\n\nMLR-1209, 1,200\nPAD-2418;5').lines,
    ).toEqual([
      { ItemNumber: 'ACM-1001', QtyOrdered: 120 },
      { ItemNumber: 'RSC-0806', QtyOrdered: 40 },
      { ItemNumber: 'MLR-1209', QtyOrdered: 1200 },
      { ItemNumber: 'PAD-2418', QtyOrdered: 5 },
    ]);
  });

  it('adds up an item named twice', () => {
    expect(parseQuickEntry('ACM-1001 10\nacm-1001 5').lines).toEqual([
      { ItemNumber: 'ACM-1001', QtyOrdered: 15 },
    ]);
  });

  it('reports the lines it cannot read by number, and keeps the others', () => {
    const entry = parseQuickEntry('ACM-1001 10\nACM-1002\n12 ACM\nACM-1003 0\nACM-1004 2.5');
    expect(entry.lines).toEqual([{ ItemNumber: 'ACM-1001', QtyOrdered: 10 }]);
    expect(entry.problems.map((p) => p.slice(0, 7))).toEqual([
      'Line 2 ',
      'Line 3 ',
      'Line 4 ',
      'Line 5 ',
    ]);
  });
});
