/**
 * A dimension entered as whole inches plus one of the sixteen fractions, held as integer
 * sixteenths. NaN means "nothing entered yet", or whole inches that are no whole number: the shared
 * schema then asks for it.
 */
import { Group, NativeSelect, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { formatInches, INCH_FRACTIONS } from '../../shared/inches';
import { NumberField } from './number-field';

const FRACTION_OPTIONS = INCH_FRACTIONS.map((f) => ({
  value: String(f.sixteenths),
  label: f.sixteenths === 0 ? '0' : f.label,
}));

export interface DimensionInputProps {
  /** "Length", "Width"… names the group; its two inputs are "Whole inches" and "Fraction". */
  label: string;
  value: number;
  onChange: (sixteenths: number) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
}

/** What the boxes show for a value: whole inches ('' when not entered) and the sixteenths. */
const wholeOf = (value: number): number | string =>
  Number.isFinite(value) ? Math.floor(value / 16) : '';
const fractionOf = (value: number): number => (Number.isFinite(value) ? value % 16 : 0);

export function DimensionInput({ label, value, onChange, error, onBlur }: DimensionInputProps) {
  const id = useId();
  // The boxes hold what was typed (1.5, -2) as it was typed; the value sent is the sixteenths,
  // or NaN when the whole inches are no whole number, which the form then refuses.
  const [whole, setWhole] = useState<number | string>(() => wholeOf(value));
  const [sixteenths, setSixteenths] = useState(() => fractionOf(value));
  const [sent, setSent] = useState(value);
  if (!Object.is(sent, value)) {
    // A new value from outside (a reloaded record): the boxes show it.
    setSent(value);
    setWhole(wholeOf(value));
    setSixteenths(fractionOf(value));
  }
  const notWhole = whole !== '' && !(typeof whole === 'number' && Number.isInteger(whole));

  const set = (typed: number | string, nextSixteenths: number) => {
    // A fraction alone is a fraction of an inch (0 whole inches); nothing at all is "not entered".
    const nextWhole = typed === '' && nextSixteenths !== 0 ? 0 : typed;
    const next =
      nextWhole === ''
        ? Number.NaN
        : typeof nextWhole === 'number' && Number.isInteger(nextWhole)
          ? nextWhole * 16 + nextSixteenths
          : Number.NaN;
    setWhole(nextWhole);
    setSixteenths(nextSixteenths);
    setSent(next);
    onChange(next);
  };
  const entered = Number.isFinite(value) && value >= 0;

  return (
    // A fieldset is at least as wide as its content by default, so in a narrow grid column it
    // would spill into the next one; here the two inputs share its width, or wrap.
    <fieldset
      aria-describedby={`${id}-shown`}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Text component="legend" fw={700} size="md" mb={4}>
        {label}
      </Text>
      <Group gap="xs" align="flex-start">
        <NumberField
          label="Whole inches"
          value={whole}
          onChange={(next) => set(next, sixteenths)}
          onBlur={onBlur}
          min={0}
          max={999}
          thousandSeparator={false}
          // The form's message, put precisely when the box holds no whole number.
          error={error && notWhole ? 'Enter whole inches; choose the fraction beside it.' : error}
          flex="1 1 6.5rem"
        />
        <NativeSelect
          label="Fraction"
          data={FRACTION_OPTIONS}
          value={String(sixteenths)}
          onChange={(event) => set(whole, Number(event.currentTarget.value))}
          flex="0 0 6rem"
        />
      </Group>
      <Text id={`${id}-shown`} size="xs" c="dimmed" mt={4}>
        {entered
          ? `${label}: ${formatInches(value)}`
          : whole === ''
            ? 'Not entered yet'
            : `${label}: not a length yet`}
      </Text>
    </fieldset>
  );
}
