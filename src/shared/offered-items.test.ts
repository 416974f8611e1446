import { describe, expect, it } from 'vitest';
import {
  checkOfferedItem,
  itemRefusal,
  matchOfferedItem,
  sameItemNumber,
  type OfferedItem,
} from './offered-items';

interface Item extends OfferedItem {
  Id: number;
}

const ACME = 7;
const item = (Id: number, ItemNumber: string, CustomerId: number | null, Active = true): Item => ({
  Id,
  ItemNumber,
  CustomerId,
  Active,
});

describe('matchOfferedItem', () => {
  const items: Item[] = [
    item(1, 'RSC-0806', null),
    item(2, 'RSC-0806', ACME), // the customer's own, under the number of a shared item
    item(3, 'HSC-1212', null),
    item(4, 'OLD-1111', ACME, false),
    item(5, 'PAD-0404', null), // a shared item behind the customer's own withdrawn one
    item(6, 'PAD-0404', ACME, false),
    item(7, 'OLD-2222', null, false),
  ];

  it("gives the customer's own item over the one offered to all, whichever comes first", () => {
    expect(matchOfferedItem(items, 'RSC-0806')).toEqual({ item: items[1], refusal: null });
    expect(matchOfferedItem([...items].reverse(), 'RSC-0806').item?.Id).toBe(2);
  });

  it('gives the item offered to all when the customer has none of that number', () => {
    expect(matchOfferedItem(items, 'HSC-1212')).toEqual({ item: items[2], refusal: null });
  });

  it('matches whatever the case and the spaces around the number', () => {
    expect(matchOfferedItem(items, '  rsc-0806 ').item?.Id).toBe(2);
    expect(matchOfferedItem(items, 'hsc-1212').item?.Id).toBe(3);
    // Spaces inside a number are part of it.
    expect(matchOfferedItem(items, 'RSC 0806').item).toBeNull();
  });

  it('finds a withdrawn item and refuses it, naming it as the catalog writes it', () => {
    expect(matchOfferedItem(items, 'old-1111')).toEqual({
      item: items[3],
      refusal: 'OLD-1111 is no longer available.',
    });
    expect(matchOfferedItem(items, 'OLD-2222').refusal).toBe(itemRefusal.withdrawn('OLD-2222'));
  });

  it("lets the customer's own withdrawn item win over a shared one, and refuses it", () => {
    expect(matchOfferedItem(items, 'PAD-0404')).toEqual({
      item: items[5],
      refusal: 'PAD-0404 is no longer available.',
    });
  });

  it('refuses a number nobody offers, naming it as it was typed', () => {
    expect(matchOfferedItem(items, ' nope-1 ')).toEqual({
      item: null,
      refusal: 'No item nope-1 is offered to this customer.',
    });
    expect(matchOfferedItem([], 'RSC-0806').refusal).toBe(itemRefusal.unknown('RSC-0806'));
  });
});

describe('checkOfferedItem', () => {
  it('says why an item found some other way (by its id) cannot be ordered', () => {
    expect(checkOfferedItem(item(1, 'A-1', null), '#1')).toEqual({
      item: item(1, 'A-1', null),
      refusal: null,
    });
    expect(checkOfferedItem(item(1, 'A-1', ACME, false), '#1').refusal).toBe(
      'A-1 is no longer available.',
    );
    expect(checkOfferedItem(undefined, '#99').refusal).toBe(
      'No item #99 is offered to this customer.',
    );
  });
});

describe('sameItemNumber', () => {
  it('ignores case and the spaces around a number only', () => {
    expect(sameItemNumber(' acm-1001', 'ACM-1001 ')).toBe(true);
    expect(sameItemNumber('ACM-1001', 'ACM-1002')).toBe(false);
    expect(sameItemNumber('ACM 1001', 'ACM-1001')).toBe(false);
  });
});
