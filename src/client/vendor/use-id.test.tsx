// @vitest-environment jsdom
import { useId as mantineUseId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './use-id';

/** Renders two components that take an id with `hook`; their ids and how often each rendered. */
function idsAndRenders(hook: (staticId?: string) => string, staticId?: string) {
  const renders: number[] = [0, 0];
  const Labelled = ({ index }: { index: number }) => {
    renders[index]!++;
    return <input aria-label="field" id={hook(staticId)} />;
  };
  const { container } = render(
    <>
      <Labelled index={0} />
      <Labelled index={1} />
    </>,
  );
  const ids = Array.from(container.querySelectorAll('input'), (input) => input.id);
  return { ids, renders };
}

describe("the stand-in for Mantine's useId", () => {
  it('gives each component its own id, in the form of the id Mantine renders first', () => {
    const { ids } = idsAndRenders(useId);
    expect(ids[0]).toMatch(/^mantine-\S+$/);
    expect(ids[1]).toMatch(/^mantine-\S+$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('keeps an id it is given', () => {
    expect(idsAndRenders(useId, 'po-number').ids).toEqual(['po-number', 'po-number']);
  });

  it('renders each component once, where Mantine’s renders it twice', () => {
    expect(idsAndRenders(useId).renders).toEqual([1, 1]);
    // Should Mantine stop swapping the id after mounting, the stand-in can go.
    expect(idsAndRenders(mantineUseId).renders).toEqual([2, 2]);
  });
});
