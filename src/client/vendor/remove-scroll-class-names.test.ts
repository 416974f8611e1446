import { RemoveScroll as Package } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-class-names';

describe('the AppShell header’s stand-in for react-remove-scroll', () => {
  it('names the classes as the package does', () => {
    expect(RemoveScroll.classNames).toEqual(Package.classNames);
  });
});
