// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../test-utils/render';
import { NumberField } from './number-field';

function Harness() {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <NumberField label="Quantity" min={1} max={100} value={value} onChange={setValue} />
      <output aria-label="Value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('NumberField', () => {
  it.each([
    ['0', '0', 0],
    ['-5', '-5', -5],
    ['1.5', '1.5', 1.5],
    ['250', '250', 250],
    ['1.', '1.', '1.'],
  ])('keeps %s as typed, also after leaving the field', (typed, shown, value) => {
    render(<Harness />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(input.value).toBe(shown);
    expect(screen.getByLabelText('Value').textContent).toBe(JSON.stringify(value));
  });
});
