/**
 * A dimension entered as whole inches plus one of the sixteen fractions (DESIGN §6), held as
 * integer sixteenths. NaN means "nothing entered yet": the shared schema then asks for it.
 */
import { Group, NativeSelect, NumberInput, Text } from '@mantine/core';
import { useId } from 'react';
import { formatInches, INCH_FRACTIONS } from '../../shared/inches';

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

export function DimensionInput({ label, value, onChange, error, onBlur }: DimensionInputProps) {
  const id = useId();
  const entered = Number.isFinite(value);
  const whole = entered ? Math.floor(value / 16) : '';
  const sixteenths = entered ? value % 16 : 0;

  const set = (nextWhole: number | '', nextSixteenths: number) => {
    // A fraction alone is a fraction of an inch; nothing at all is "not entered".
    if (nextWhole === '' && nextSixteenths === 0) onChange(Number.NaN);
    else onChange((nextWhole === '' ? 0 : nextWhole) * 16 + nextSixteenths);
  };

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
        <NumberInput
          label="Whole inches"
          value={whole}
          onChange={(next) => set(typeof next === 'number' ? next : '', sixteenths)}
          onBlur={onBlur}
          min={0}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={error}
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
        {entered ? `${label}: ${formatInches(value)}` : 'Not entered yet'}
      </Text>
    </fieldset>
  );
}
