import { getPrimaryShade } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { THEMES, theme, themeOfColorScheme } from './theme';

describe('theme: a deep red primary, LIGHT by default, ONE_DARK beside it', () => {
  it('fills with exactly #bf0d31 in both colour schemes', () => {
    const fullTheme = { ...theme, colors: theme.colors ?? {} } as Parameters<
      typeof getPrimaryShade
    >[0];
    const red = theme.colors?.[theme.primaryColor ?? ''];
    expect(red?.[getPrimaryShade(fullTheme, 'light')]).toBe('#bf0d31');
    expect(red?.[getPrimaryShade(fullTheme, 'dark')]).toBe('#bf0d31');
    expect(red).toHaveLength(10);
  });

  it('names the two themes LIGHT and ONE_DARK', () => {
    expect(THEMES).toEqual({ LIGHT: 'light', ONE_DARK: 'dark' });
    expect(themeOfColorScheme('dark')).toBe('ONE_DARK');
    expect(themeOfColorScheme('light')).toBe('LIGHT');
    expect(theme.colors?.dark?.[7]).toBe('#282c34');
  });
});
