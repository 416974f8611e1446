// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test-utils/render';
import { ShippedChart, scaleSteps } from './shipped-chart';

const weeks = Array.from({ length: 12 }, (_, i) => ({
  WeekStart: `2025-0${3 + Math.floor(i / 4)}-${String(3 + (i % 4) * 7).padStart(2, '0')}`,
  Qty: i === 6 ? 1_234 : i * 10,
}));

describe('the weekly bar chart', () => {
  it('steps its scale in round numbers up to the largest week', () => {
    expect(scaleSteps(0)).toEqual([0]);
    expect(scaleSteps(7)).toEqual([0, 2, 4, 6, 8]);
    expect(scaleSteps(100)).toEqual([0, 25, 50, 75, 100]);
    expect(scaleSteps(1_234)).toEqual([0, 500, 1_000, 1_500, 2_000]);
    expect(scaleSteps(40_001)).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
  });

  it('draws a bar a week at its share of the scale, named in words and given as a table', () => {
    render(<ShippedChart weeks={weeks} />);
    const picture = screen.getByRole('img', {
      name: 'Bar chart. 1,834 units shipped in the last 12 weeks; the most, 1,234, in the week of 17 Apr 2025.',
    });
    const bars = picture.querySelectorAll<HTMLElement>('[title^="Week of"]');
    expect(bars).toHaveLength(12);
    expect(bars[6]!.style.height).toBe('61.7%');
    expect(bars[6]!.title).toBe('Week of 17 Apr 2025: 1,234');
    expect(bars[0]!.style.height).toBe('0%');
    // The scale's steps (and, unseen, its widest label once more to size it).
    for (const step of ['0', '500', '1,000', '1,500'])
      expect(within(picture).getByText(step)).toBeTruthy();
    expect(within(picture).getAllByText('2,000')).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Shipped per week' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('says so when nothing shipped, on an empty scale', () => {
    render(<ShippedChart weeks={weeks.map((w) => ({ ...w, Qty: 0 }))} />);
    expect(
      screen.getByRole('img', { name: 'Bar chart. Nothing shipped in the last 12 weeks.' }),
    ).toBeTruthy();
  });
});
