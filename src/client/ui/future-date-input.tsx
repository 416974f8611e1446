/**
 * A date that must not be past (a requested ship date, "needed by", a price's last valid day), in
 * the browser's own date picker. The picker starts at the person's own today, which the portal's
 * one rule (src/shared/calendar-date.ts) always accepts; the schemas apply that rule on the way out.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { localToday } from '../../shared/calendar-date';

export function FutureDateInput({
  width = 'compact',
  ...props
}: Omit<TextInputProps, 'type' | 'min' | 'w'> & {
  /** `compact` is a date's own width (full width on a phone); `full` fills a grid cell. */
  width?: 'compact' | 'full';
}) {
  return (
    <TextInput
      type="date"
      min={localToday()}
      w={width === 'compact' ? { base: '100%', xs: 220 } : undefined}
      {...props}
    />
  );
}
