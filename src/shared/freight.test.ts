import { describe, expect, it } from 'vitest';
import { loadDefaults, piecesOf, scacOf } from './freight';

const facts = (over: Partial<Parameters<typeof loadDefaults>[0][number]['facts']> = {}) => ({
  WeightLbPerUnit: 2.5,
  UnitsPerPiece: 50,
  FreightClass: '85',
  Nmfc: '156600',
  ...over,
});

describe('loadDefaults', () => {
  it('sums pieces (a part-full piece counts) and weight, and keeps a shared class and NMFC', () => {
    expect(
      loadDefaults([
        { qty: 120, facts: facts() },
        { qty: 50, facts: facts() },
      ]),
    ).toEqual({ Pieces: 4, WeightLb: 425, FreightClass: '85', Nmfc: '156600' });
  });

  it('rates a mixed load by its highest class and names no NMFC number when they differ', () => {
    const load = loadDefaults([
      { qty: 1, facts: facts({ FreightClass: '70', Nmfc: '156600' }) },
      { qty: 1, facts: facts({ FreightClass: '125', Nmfc: '100240' }) },
    ]);
    expect(load.FreightClass).toBe('125');
    expect(load.Nmfc).toBe('');
  });

  it('proposes no sum when a line is not known: a blank beats a guess', () => {
    const load = loadDefaults([
      { qty: 10, facts: facts() },
      { qty: 10, facts: facts({ UnitsPerPiece: null, WeightLbPerUnit: null }) },
    ]);
    expect(load.Pieces).toBeNull();
    expect(load.WeightLb).toBeNull();
    expect(loadDefaults([{ qty: 3, facts: null }])).toEqual({
      Pieces: null,
      WeightLb: null,
      FreightClass: '',
      Nmfc: '',
    });
  });
});

describe('piecesOf and scacOf', () => {
  it('counts pieces and knows the SCAC of the carriers it knows', () => {
    expect(piecesOf(101, 50)).toBe(3);
    expect(piecesOf(101, null)).toBeNull();
    expect(scacOf(' ups ')).toBe('UPSN');
    expect(scacOf('Old Dominion')).toBe('');
  });
});
