// @vitest-environment jsdom
import { useMergeRefs as floatingUi } from '@floating-ui/react';
import { render } from '@testing-library/react';
import { createRef, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from './merge-refs';

/** What each ref saw, through a div mounted, given new refs, and unmounted. */
function trace(hook: typeof useMergeRefs): string[] {
  const seen: string[] = [];
  const object = createRef<HTMLDivElement>();
  const callback = (node: HTMLDivElement | null) => void seen.push(`callback ${node?.id ?? null}`);
  const withCleanup = (node: HTMLDivElement | null) => {
    seen.push(`with cleanup ${node?.id ?? null}`);
    return () => void seen.push('cleanup');
  };
  // As many refs on every render: a hook's dependency list keeps its length (React warns otherwise).
  function Probe({ refs }: { refs: Array<Ref<HTMLDivElement> | undefined> }) {
    const merged = hook(refs);
    seen.push(`merged ${merged === null ? 'null' : 'callback'}`);
    return <div id="probe" ref={merged} />;
  }
  const view = render(<Probe refs={[object, callback, undefined]} />);
  seen.push(`object ${object.current?.id ?? null}`);
  view.rerender(<Probe refs={[withCleanup, object, undefined]} />);
  view.rerender(<Probe refs={[undefined, null, undefined]} />);
  seen.push(`object ${object.current?.id ?? null}`);
  view.unmount();
  return seen;
}

describe('useMergeRefs, the stand-in for floating-ui’s in Mantine’s ScrollArea', () => {
  it('sets, cleans up and merges refs as floating-ui’s does', () => {
    const ours = trace(useMergeRefs);
    expect(ours).toEqual(trace(floatingUi as typeof useMergeRefs));
    expect(ours).toContain('object probe');
    expect(ours).toContain('cleanup');
  });
});
