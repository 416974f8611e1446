/**
 * A date typed only in part (a month and a day, no year) is no date to the browser: the field
 * reports an empty value, so a form would go on as if nothing had been typed, and an optional
 * "requested ship date" would quietly become "as soon as possible". What someone typed is never
 * changed or dropped without a word: the submit of any form of the portal that holds a partly
 * typed date is stopped before the form's own handler sees it, and the field gets the focus with
 * the browser's own message on it (read out by screen readers), until it is completed or cleared.
 *
 * One listener on the window, in the capture phase, so it runs before React's and covers every
 * form, whichever way it validates.
 */
export const PARTIAL_DATE_MESSAGE = 'Enter the whole date (month, day and year), or clear it.';

export function refusePartialDates(target: Window = window): void {
  target.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const partial = [...form.querySelectorAll<HTMLInputElement>('input[type="date"]')].find(
        (input) => input.validity.badInput,
      );
      if (!partial) return;
      event.preventDefault();
      event.stopPropagation();
      partial.setCustomValidity(PARTIAL_DATE_MESSAGE);
      partial.addEventListener('input', () => partial.setCustomValidity(''), { once: true });
      partial.reportValidity();
      partial.focus();
    },
    true,
  );
}
