/**
 * After a refused submit the person is taken to what needs fixing: the first invalid field of the
 * form, in the order the fields appear, gets the focus and is scrolled to the middle of the
 * screen, where its message sits beside it (Mantine ties it to the input with aria-describedby;
 * a screen reader reads it with the field). Every form of the portal hands `focusFirstInvalid`
 * to Mantine's `form.onSubmit(handler, onInvalid)`; forms refused by the server call
 * `focusFirstInvalidIn` once their errors are set.
 */
import type { FormEvent } from 'react';

/**
 * Focuses the first field marked invalid inside `root`, or else shows the first message not tied
 * to a field (a list's "Add at least one line"). Runs after React has painted the new errors.
 */
export function focusFirstInvalidIn(root: HTMLElement | null | undefined): void {
  if (!root) return;
  // The errors are state: they reach the DOM once React has rendered them.
  window.setTimeout(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? root.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (field) field.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, 0);
}

/** Mantine's `onInvalid` callback of `form.onSubmit`: the form is the submit event's target. */
export function focusFirstInvalid(
  _errors: unknown,
  _values: unknown,
  event?: FormEvent<HTMLFormElement>,
): void {
  focusFirstInvalidIn(event?.currentTarget);
}

/**
 * `focusFirstInvalid` after `first`: for a form that clears the alert of its last attempt when
 * the person tries again, even when this attempt is refused before it is sent.
 */
export const focusFirstInvalidAfter =
  (first: () => void): typeof focusFirstInvalid =>
  (errors, values, event) => {
    first();
    focusFirstInvalid(errors, values, event);
  };
