/**
 * What Mantine's AppShell header takes from react-remove-scroll: the class that the scroll lock of
 * an open modal shifts by the scrollbar's width, so that the fixed header does not jump. The build
 * gives the header this module in place of the package (scripts/lib/vite-lean-imports.ts), whose
 * code (the lock itself) then comes with the first modal or notification instead of with every
 * signed-in page. The names are the package's (`remove-scroll-class-names.test.ts` holds them so).
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
};
