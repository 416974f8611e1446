import { describe, expect, it } from 'vitest';
import type { OfferedItem } from '../../../shared/offered-items';
import { checkSheetRows } from '../../../shared/quick-order';
import writeXlsxFile from 'write-excel-file/universal';
import {
  decodeSheetFile,
  MAX_SHEET_BYTES,
  parseSheet,
  readSheetFile,
  refusedRowsCsv,
  sheetTemplateCsv,
  type RefusedRow,
} from './sheet';

/** Evening of 2030-06-15 in UTC: the 14th has ended everywhere, the 15th has not. */
const NOW = new Date('2030-06-15T18:00:00Z');
const encode = (text: string) => new TextEncoder().encode(text);

function rowsOf(text: string) {
  const result = parseSheet(text);
  if ('error' in result) throw new Error(result.error);
  return result.rows;
}

describe('parseSheet', () => {
  it('finds the columns of a header row by name, in any order and any case', () => {
    expect(
      rowsOf(
        'Requested Ship Date,QTY,Item Number\r\n2030-07-01,"1,200",acm-1001\r\n,5,RSC-0806\r\n',
      ),
    ).toEqual([
      { Row: 2, ItemNumber: 'acm-1001', Qty: '1,200', ShipDate: '2030-07-01' },
      { Row: 3, ItemNumber: 'RSC-0806', Qty: '5', ShipDate: '' },
    ]);
    expect(rowsOf('sku;quantity\nA-1;3').map((r) => r.ItemNumber)).toEqual(['A-1']);
  });

  it('reads pasted lines without a header as item, quantity and date, by tabs or spaces', () => {
    expect(rowsOf('ACM-1001\t120\t2030-07-01\n\nRSC-0806\t40\n')).toEqual([
      { Row: 1, ItemNumber: 'ACM-1001', Qty: '120', ShipDate: '2030-07-01' },
      { Row: 3, ItemNumber: 'RSC-0806', Qty: '40', ShipDate: '' },
    ]);
    expect(rowsOf('ACM-1001 120\nRSC-0806   4').map((r) => [r.ItemNumber, r.Qty])).toEqual([
      ['ACM-1001', '120'],
      ['RSC-0806', '4'],
    ]);
  });

  it('refuses a sheet without a recognisable header, with a message saying what to add', () => {
    for (const text of [
      'Part,Count,When,Who\nA,1,2030-01-01,me',
      'Part\tCount\nA\t1',
      'A,b,c,d,e',
    ]) {
      const result = parseSheet(text);
      expect(result).toEqual({ error: expect.stringMatching(/No header row was recognised/) });
    }
    expect(parseSheet('Item,Colour\nA,red')).toEqual({
      error: expect.stringMatching(/needs an item number column and a quantity column/),
    });
    expect(parseSheet('\n\n')).toEqual({ error: 'There are no lines to read.' });
  });

  it('refuses more than 500 lines, and takes 500', () => {
    const lines = (n: number) =>
      ['Item,Qty', ...Array.from({ length: n }, (_, i) => `I-${i},1`)].join('\n');
    expect(rowsOf(lines(500))).toHaveLength(500);
    expect(parseSheet(lines(501))).toEqual({ error: expect.stringMatching(/has 501 lines/) });
  });
});

describe('decodeSheetFile', () => {
  it('reads UTF-8 text, without a byte order mark', () => {
    expect(decodeSheetFile(encode('\uFEFFItem,Qty\nÉTUI-1,2'))).toEqual({
      text: 'Item,Qty\nÉTUI-1,2',
      encoding: 'UTF-8',
    });
  });

  it('refuses a file over 1 MB, and takes one of exactly 1 MB', () => {
    const big = new Uint8Array(MAX_SHEET_BYTES + 1).fill(0x41);
    expect(decodeSheetFile(big)).toEqual({ error: expect.stringMatching(/larger than 1 MB/) });
    expect(decodeSheetFile(big.subarray(1))).toHaveProperty('text');
  });

  it('says in plain words what a file that is no sheet is', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect(decodeSheetFile(zip)).toEqual({ error: expect.stringMatching(/not a spreadsheet/) });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(decodeSheetFile(png)).toEqual({ error: expect.stringMatching(/is a picture/) });
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(decodeSheetFile(xls)).toEqual({ error: expect.stringMatching(/old Excel workbook/) });
    expect(decodeSheetFile(encode('%PDF-1.7\n'))).toEqual({
      error: expect.stringMatching(/This is a PDF/),
    });
  });
});

/** Windows-1252 bytes of text: Latin-1's letters are the same code points there. */
const windows1252 = (text: string) =>
  new Uint8Array([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));

function utf16le(text: string, mark = true) {
  const bytes = new Uint8Array((mark ? 2 : 0) + text.length * 2);
  if (mark) bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[(mark ? 2 : 0) + 2 * i] = code & 0xff;
    bytes[(mark ? 2 : 0) + 2 * i + 1] = code >> 8;
  }
  return bytes;
}

async function fileRows(bytes: Uint8Array) {
  const result = await readSheetFile(bytes);
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('readSheetFile: files as Excel saves them', () => {
  const accented = 'Artikel;Menge;Lieferdatum\r\nÉTUI-ÄÖ;1.200;15.12.2030\r\nCRÈME-1;12;\r\n';

  it('reads a Windows-1252 CSV (Excel’s plain “CSV”) with its accents intact', async () => {
    const text = 'Item,Quantity\r\nÉTUI-1,2\r\nCRÈME-Ø,3\r\n';
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(windows1252(text))).toThrow();
    const read = await fileRows(windows1252(text));
    expect(read.reading).toBe('Text (CSV) in Windows-1252 (Western European)');
    expect(read.rows.map((r) => r.ItemNumber)).toEqual(['ÉTUI-1', 'CRÈME-Ø']);
  });

  it('reads a UTF-16 CSV (Excel’s “Unicode text”), with or without its byte order mark', async () => {
    const text = 'Item\tQuantity\r\nÉTUI-1\t2\r\nŁÓDŹ-7\t3\r\n';
    for (const bytes of [utf16le(text), utf16le(text, false)]) {
      const read = await fileRows(bytes);
      expect(read.reading).toBe('Text (CSV) in UTF-16 (Unicode text)');
      expect(read.rows.map((r) => [r.ItemNumber, r.Qty])).toEqual([
        ['ÉTUI-1', '2'],
        ['ŁÓDŹ-7', '3'],
      ]);
    }
  });

  it('reads German numbers and dates once the buyer’s locale says German', async () => {
    const read = await fileRows(windows1252(accented));
    expect(read.rows[0]).toMatchObject({ ItemNumber: 'ÉTUI-ÄÖ', Qty: '1.200' });
    const items = [
      { ItemNumber: 'ÉTUI-ÄÖ', Active: true, CustomerId: null },
      { ItemNumber: 'CRÈME-1', Active: true, CustomerId: null },
    ];
    expect(checkSheetRows(read.rows, items, NOW, [], 'de-DE')).toEqual([
      {
        accepted: true,
        line: { ItemNumber: 'ÉTUI-ÄÖ', QtyOrdered: 1200, RequestedShipDate: '2030-12-15' },
      },
      { accepted: true, line: { ItemNumber: 'CRÈME-1', QtyOrdered: 12, RequestedShipDate: null } },
    ]);
  });

  it('reads the first worksheet of an .xlsx workbook, its numbers and dates as typed', async () => {
    const blob = await writeXlsxFile(
      [
        [{ value: 'Item number' }, { value: 'Qty' }, { value: 'Ship date' }],
        [
          { value: 'ÉTUI-1' },
          { value: 1200 },
          { value: new Date(Date.UTC(2030, 11, 15)), format: 'dd.mm.yyyy' },
        ],
        [{ value: 'ACM-1001' }, { value: 7 }, null],
      ],
      { sheet: 'Bestellung' },
    ).toBlob();
    const read = await fileRows(new Uint8Array(await blob.arrayBuffer()));
    expect(read.reading).toBe('Excel workbook, worksheet “Bestellung”');
    expect(read.rows).toEqual([
      { Row: 2, ItemNumber: 'ÉTUI-1', Qty: '1200', ShipDate: '2030-12-15' },
      { Row: 3, ItemNumber: 'ACM-1001', Qty: '7', ShipDate: '' },
    ]);
  });

  it('says why a damaged workbook cannot be read', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await readSheetFile(broken)).toEqual({
      error: expect.stringMatching(/This workbook cannot be opened/),
    });
  });

  it('gives a template Excel opens in the buyer’s locale', () => {
    expect(sheetTemplateCsv('.')).toBe('Item,Quantity,Ship date\r\n');
    expect(sheetTemplateCsv(',')).toBe('Item;Quantity;Ship date\r\n');
    expect(rowsOf(`${sheetTemplateCsv(',')}A-1;2;\r\n`)).toEqual([
      { Row: 2, ItemNumber: 'A-1', Qty: '2', ShipDate: '' },
    ]);
  });
});

describe('a sheet of 500 lines with 37 bad rows', () => {
  const items: OfferedItem[] = Array.from({ length: 500 }, (_, i) => ({
    ItemNumber: `IT-${i + 1}`,
    // Every 50th item has been withdrawn.
    Active: (i + 1) % 50 !== 0,
    CustomerId: null,
  }));
  const bad = new Map<number, { cells: string; reason: RegExp }>();
  const kinds = [
    (n: number) => ({ cells: `NOPE-${n},5,`, reason: new RegExp(`No item NOPE-${n} is offered`) }),
    (n: number) => ({ cells: `IT-${n},0,`, reason: /whole quantity above zero/ }),
    (n: number) => ({ cells: `IT-${n},2.5,`, reason: /whole quantity above zero/ }),
    () => ({ cells: `it-1,3,`, reason: /IT-1 is already on row 2/ }),
    (n: number) => ({ cells: `IT-${n},3,2030-02-30`, reason: /2030-02-30 is not a real date/ }),
    (n: number) => ({ cells: `IT-${n},3,2030-06-14`, reason: /Choose today or a later date\./ }),
  ];
  // 37 bad rows: 34 of the kinds above, spread over the sheet, and the 3 withdrawn items below.
  for (let k = 0; k < 34; k++) {
    const n = 7 + k * 13;
    bad.set(n, kinds[k % kinds.length]!(n));
  }
  for (const n of [100, 200, 300])
    bad.set(n, { cells: `IT-${n},1,`, reason: /no longer available/ });
  const withdrawnLeft = [50, 150, 250, 350, 400, 450, 500].filter((n) => !bad.has(n));
  // The other withdrawn items are not on the sheet: their rows name an item still offered.
  const lines = Array.from({ length: 500 }, (_, i) => {
    const n = i + 1;
    if (bad.has(n)) return bad.get(n)!.cells;
    const item = withdrawnLeft.includes(n) ? `IT-${n - 1}` : `IT-${n}`;
    return withdrawnLeft.includes(n)
      ? `${item.replace(/\d+$/, String(n + 1000))},1,`
      : `${item},1,2030-07-0${(n % 9) + 1}`;
  });
  const extra = items.concat(
    withdrawnLeft.map((n) => ({ ItemNumber: `IT-${n + 1000}`, Active: true, CustomerId: null })),
  );
  const text = ['Item,Qty,Ship date', ...lines].join('\r\n');

  it('accepts 463 rows and refuses 37, each with its reason', () => {
    const rows = rowsOf(text);
    expect(rows).toHaveLength(500);
    const verdicts = checkSheetRows(rows, extra, NOW);
    expect(verdicts.filter((v) => v.accepted)).toHaveLength(463);
    const refused = verdicts.flatMap((v, i) => (v.accepted ? [] : [{ v, n: i + 1 }]));
    expect(refused).toHaveLength(37);
    for (const { v, n } of refused) {
      expect(bad.has(n), `row ${n + 1}`).toBe(true);
      expect(v.accepted ? '' : v.reasons.join(' ')).toMatch(bad.get(n)!.reason);
    }
    expect(verdicts[0]).toEqual({
      accepted: true,
      line: { ItemNumber: 'IT-1', QtyOrdered: 1, RequestedShipDate: '2030-07-02' },
    });
  });
});

describe('refusedRowsCsv', () => {
  it('neutralises a formula cell and gives each row its reason', () => {
    const rows: RefusedRow[] = [
      {
        row: {
          Row: 4,
          ItemNumber: '=HYPERLINK("http://x.test","A")',
          Qty: '+1',
          ShipDate: '@SUM(A1)',
        },
        reasons: ['No item =HYPERLINK… is offered to this customer.'],
      },
    ];
    const csv = refusedRowsCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('Row,Item,Quantity,Ship date,Reason');
    expect(csv).toContain(`"'=HYPERLINK(""http://x.test"",""A"")",'+1,'@SUM(A1)`);
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
    // Uploaded again, the file reads back as the same rows.
    expect(rowsOf(csv)[0]).toMatchObject({ Row: 2, Qty: "'+1" });
  });
});
