/**
 * A text input for codes kept in upper case (a customer code, a unit of measure): what is typed
 * is upper-cased as it is typed, so the person sees the value that will be saved.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export function UpperCaseInput({
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value.toUpperCase())} />
  );
}
