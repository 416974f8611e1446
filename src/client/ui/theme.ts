/**
 * The portal's Mantine theme (docs/product/screens.md): primary colour a deep red whose filled
 * shade is exactly #bf0d31, two themes LIGHT (default) and ONE_DARK.
 *
 * Contrast (WCAG AA, 4.5:1 for text), checked for every pairing Mantine uses:
 * - white on portalRed[7] #bf0d31: 6.3:1 (filled buttons, both themes);
 * - portalRed[7] on white: 6.3:1 (links and red text in LIGHT);
 * - ONE_DARK links and red text use portalRed[4] #f7788d: 5.0:1 on dark[6], 5.3:1 on dark[7];
 *   ONE_DARK outline variants use portalRed[3] #fa98a8: 6.3:1 on dark[6];
 * - ONE_DARK text dark[0] 10.5:1 and dimmed text dark[2] 6.6:1 on the body dark[7].
 * Mantine's defaults for dimmed text (gray.6, 3.3:1 on white) and error text (red.6 on white,
 * red.8 on dark) fall short, so `cssVariablesResolver` replaces them. So does Mantine's red at the
 * primary shade 7 (#f03e3e: 3.8:1 with white) for the red buttons of destructive actions
 * ("Cancel order", "Deactivate …"): they fill with red.9 #c92a2a (white on it 5.5:1), and red
 * outlines and text in LIGHT use it too (5.5:1 on white); ONE_DARK outlines keep red.3 (7.6:1).
 *
 * Focus (WCAG 2.2 2.4.7, 2.4.11): every control shows a 2px ring in its own colour, a blue that
 * is neither the brand's red fill nor the red of errors (focus.module.css):
 * - LIGHT #0b57d0: 6.4:1 on white, 5.7:1 on gray.1, 5.4:1 on the light red of an active nav item;
 * - ONE_DARK #a5d8ff: 9.2:1 on the body dark[7], 8.6:1 on dark[6], 6.5:1 on dark[5].
 */
import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorsTuple,
} from '@mantine/core';
import focus from './focus.module.css';
import notification from './notification.module.css';

const PRIMARY_COLOR = '#bf0d31';

const portalRed: MantineColorsTuple = [
  '#ffe8ec',
  '#ffd0d8',
  '#fcb3bf',
  '#fa98a8',
  '#f7788d',
  '#e23a56',
  '#d01d40',
  PRIMARY_COLOR,
  '#a40829',
  '#8a0522',
];

/** One Dark's greys, from the foreground (0) to the deepest background (9). */
const oneDark: MantineColorsTuple = [
  '#dcdfe4',
  '#c5cad3',
  '#abb2bf',
  '#9aa1ae',
  '#4b5263',
  '#3e4451',
  '#2c313a',
  '#282c34',
  '#21252b',
  '#1b1d23',
];

export const theme = createTheme({
  primaryColor: 'portalRed',
  primaryShade: { light: 7, dark: 7 },
  colors: { portalRed, dark: oneDark },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // A person who asked their device for less motion gets dialogs, menus and toasts without their
  // transitions.
  respectReducedMotion: true,
  // Keyboard users always see where they are (focus-visible); mouse clicks leave no rings behind.
  // This class replaces Mantine's focus ring (`focusRing`) on every focusable control.
  focusClassName: focus.focus,
  components: {
    // Every text, select, date and password field (they are all built on Input). Plain objects,
    // not `Input.extend(…)`: importing the components here would put them in the first load
    // (Modal brings its ScrollArea, and with it floating-ui, to pages that float nothing).
    Input: { classNames: { input: focus.input } },
    NavLink: { classNames: { root: focus.inset } },
    // Mantine's close button (×) of a dialog or a notification has no name of its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      classNames: { description: notification.description },
    },
  },
});

/** The red of destructive buttons, and a darker one under the pointer. */
const DANGER_FILLED = {
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': 'color-mix(in srgb, var(--mantine-color-red-9) 85%, black)',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--portal-focus-ring': '#0b57d0',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...DANGER_FILLED,
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--portal-focus-ring': '#a5d8ff',
    '--mantine-color-error': 'var(--mantine-color-portalRed-4)',
    ...DANGER_FILLED,
    // Subtle and light red buttons ("Drop" a quick order's row) stay red in the dark: Mantine's
    // dark light-colour here is a near-white. red.3 on dark[7] reads at 7.6:1, as the outlines.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-3)',
  },
});

/** The two themes, LIGHT and ONE_DARK, and the Mantine colour scheme each one uses. */
export const THEMES = { LIGHT: 'light', ONE_DARK: 'dark' } as const satisfies Record<
  string,
  Exclude<MantineColorScheme, 'auto'>
>;
export type ThemeName = keyof typeof THEMES;
export const DEFAULT_THEME: ThemeName = 'LIGHT';

export function themeOfColorScheme(scheme: MantineColorScheme): ThemeName {
  return scheme === THEMES.ONE_DARK ? 'ONE_DARK' : 'LIGHT';
}
