/**
 * Every number a person types in the portal (quantities, prices, inches) goes through this field,
 * which never rewrites what was typed. Mantine's NumberInput on its own would: it clamps to
 * `min`/`max` on blur (0 becomes 1), drops a minus sign or a decimal point it does not allow
 * (−5 becomes 5, 1.5 becomes 15 or 1), and trims on blur. A buyer who types 0 to drop a line
 * would order one unit. Here the field keeps the text as typed, and the form's schema refuses
 * what is out of range with a message beside the field. `min`/`max` only bound the arrow keys.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type NumberFieldProps = Omit<
  NumberInputProps,
  | 'clampBehavior'
  | 'allowNegative'
  | 'allowDecimal'
  | 'decimalScale'
  | 'trimLeadingZeroesOnBlur'
  | 'allowLeadingZeros'
  | 'isAllowed'
>;

export function NumberField(props: NumberFieldProps) {
  return (
    <NumberInput
      thousandSeparator=","
      {...props}
      clampBehavior="none"
      allowNegative
      allowDecimal
      allowLeadingZeros
      trimLeadingZeroesOnBlur={false}
    />
  );
}
