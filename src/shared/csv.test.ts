import { describe, expect, it } from 'vitest';
import { defuseFormulas, toCsv } from './csv';

interface Row {
  po: string;
  qty: number;
  date: string | null;
}
const columns = [
  { header: 'PO number', value: (r: Row) => r.po },
  { header: 'Qty', value: (r: Row) => r.qty },
  { header: 'Requested', value: (r: Row) => r.date },
];

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated line per row', () => {
    expect(toCsv(columns, [{ po: 'PO-1', qty: 1200, date: '2026-03-01' }])).toBe(
      'PO number,Qty,Requested\r\nPO-1,1200,2026-03-01\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(toCsv(columns, [{ po: 'A, "B"\nC', qty: 0, date: null }])).toBe(
      'PO number,Qty,Requested\r\n"A, ""B""\nC",0,\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    const csv = toCsv(columns, [{ po: '=HYPERLINK("x")', qty: -5, date: '@now' }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-5,'@now`);
  });

  it('defuses a trigger wherever a spreadsheet may start a cell, not only at the start', () => {
    expect(defuseFormulas('a;=HYPERLINK("x")')).toBe(`a;'=HYPERLINK("x")`);
    expect(defuseFormulas('a, +1')).toBe("a, '+1");
    expect(defuseFormulas('a\n-1\r\n@b\tc')).toBe("a\n'-1\r\n'@b\tc");
    expect(defuseFormulas('a;"=1')).toBe(`a;"'=1`);
    // Inside a word, a sign or an @ starts nothing.
    expect(defuseFormulas('ACM-1001 a@b.test 1+1=2')).toBe('ACM-1001 a@b.test 1+1=2');
  });

  it('quotes a cell with a semicolon or a tab, so that readers splitting on those keep it whole', () => {
    expect(toCsv(columns, [{ po: 'A;B\tC', qty: 1, date: null }]).split('\r\n')[1]).toBe(
      '"A;B\tC",1,',
    );
  });
});
