// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test-utils/render';
import { DimensionInput } from './dimension-input';

function Harness({
  initial,
  spy,
  refused = false,
}: {
  initial: number;
  spy: (value: number) => void;
  /** Refuse a value that is not entered, as the schema does after a submit. */
  refused?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DimensionInput
      label="Length"
      value={value}
      error={refused && Number.isNaN(value) ? 'Enter the length.' : undefined}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

describe('DimensionInput', () => {
  it('turns whole inches and a fraction into sixteenths, and shows them as inches', () => {
    const spy = vi.fn();
    render(<Harness initial={Number.NaN} spy={spy} />);
    expect(screen.getByText('Not entered yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Whole inches'), { target: { value: '12' } });
    expect(spy).toHaveBeenLastCalledWith(192);
    fireEvent.change(screen.getByLabelText('Fraction'), { target: { value: '6' } });
    expect(spy).toHaveBeenLastCalledWith(198);
    expect(screen.getByText('Length: 12 3/8″')).toBeTruthy();
  });

  it('shows a stored value as its whole inches and fraction', () => {
    render(<Harness initial={164} spy={vi.fn()} />);
    expect((screen.getByLabelText('Whole inches') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Fraction') as HTMLSelectElement).value).toBe('4');
    expect(screen.getByRole('group', { name: 'Length' })).toBeTruthy();
  });

  it('takes a fraction alone as less than an inch, and nothing as not entered', () => {
    const spy = vi.fn();
    render(<Harness initial={Number.NaN} spy={spy} />);
    fireEvent.change(screen.getByLabelText('Fraction'), { target: { value: '5' } });
    expect(spy).toHaveBeenLastCalledWith(5);
    fireEvent.change(screen.getByLabelText('Fraction'), { target: { value: '0' } });
    expect(spy).toHaveBeenLastCalledWith(0);
    fireEvent.change(screen.getByLabelText('Whole inches'), { target: { value: '' } });
    expect(spy.mock.lastCall?.[0]).toBeNaN();
  });

  it('keeps whole inches that are no whole number as typed, and sends nothing the form accepts', () => {
    const spy = vi.fn();
    render(<Harness initial={Number.NaN} spy={spy} refused />);
    const whole = screen.getByLabelText('Whole inches') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Fraction'), { target: { value: '8' } });
    fireEvent.change(whole, { target: { value: '1.5' } });
    fireEvent.blur(whole);
    expect(whole.value).toBe('1.5');
    expect((screen.getByLabelText('Fraction') as HTMLSelectElement).value).toBe('8');
    expect(spy.mock.lastCall?.[0]).toBeNaN();
    // Refused by the form, the message says what is wrong with what was typed.
    expect(screen.getByText('Enter whole inches; choose the fraction beside it.')).toBeTruthy();
    fireEvent.change(whole, { target: { value: '-2' } });
    fireEvent.blur(whole);
    expect(whole.value).toBe('-2');
    expect(spy).toHaveBeenLastCalledWith(-24);
  });
});
