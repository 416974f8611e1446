/** Switches between the LIGHT and ONE_DARK themes; the choice is kept by the colour-scheme manager. */
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from './icons';
import { THEMES } from './theme';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme(THEMES.LIGHT);
  const dark = scheme === THEMES.ONE_DARK;
  const label = dark ? 'Switch to light theme' : 'Switch to dark theme (One Dark)';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(dark ? THEMES.LIGHT : THEMES.ONE_DARK)}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
