/**
 * The forms whose submissions the outbox can hold (an order, a release, a quote request, a contact
 * message; docs/decisions/011) all submit through this hook, which owns what happens between the
 * submit button and the answer:
 *
 * 1. the form's own check (the shared schema); refused, nothing is sent and the first invalid
 *    field gets the focus;
 * 2. one Idempotency-Key per request body, kept while the body stays the same (a retry after a
 *    refusal or a lost answer) and new once the request was delivered or queued;
 * 3. sent at once when online; without a connection, before or during the attempt, queued in the
 *    outbox with that key, to be delivered exactly once later;
 * 4. sent or queued: the person is told which, the form empties and its draft leaves the device;
 * 5. refused by the server: what was typed stays, and so does its draft; the server's messages
 *    go beside the fields they name, the refusal is kept for the form to show, and the first
 *    field it names gets the focus.
 *
 * Each form says only what differs: its fields and check, the request its values make, and its
 * words.
 */
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from './api-errors';
import { submitOrQueue } from './device-store';
import { formErrorsOf } from './drafts';
import { useIdempotencyKeys } from './idempotency-key';
import { focusFirstInvalid, focusFirstInvalidIn } from './invalid-focus';
import type { OutboxKind } from './outbox';
import { useFormDraft, type FormDraftState } from './use-form-draft';

/** What became of a submission: the server's answer, or its place in the outbox. */
export type Submitted<T> = { queued: false; answer: T } | { queued: true; label: string };

/** A create the outbox can hold, as a form's values ask for it (the features' `api/create-…`). */
export interface OutboxCreate<Body, Answer> {
  kind: OutboxKind;
  /** What the person sees in the outbox while it waits. */
  label: string;
  /** The API path it is POSTed to. */
  path: string;
  body: Body;
  /** The customer it is for, sent as X-Customer-Id; null for none. */
  customerId: number | null;
  /** Checks and reads the server's answer. */
  parse: (answer: unknown) => Answer;
  /** What to load again once it reached the server (or the server refused it). */
  invalidates: QueryKey;
  /** The server's field paths renamed to the form's, where they differ (drafts.ts). */
  fieldMap?: Record<string, string>;
}

/** A notification's words. */
export interface Notice {
  title: string;
  message: string;
}

export interface OutboxFormOptions<Values, Body, Answer> {
  form: UseFormReturnType<Values>;
  /** Whose outbox and drafts; null before sign-in, when nothing is sent. */
  uid: string | null;
  /** The form's draft on the device, which "Edit" on a refused outbox entry also fills. */
  draftName: string;
  /** The page that shows the form, where "Edit" on a refused outbox entry opens it. */
  page: string;
  /** The request the checked values make. */
  create: (values: Values) => OutboxCreate<Body, Answer>;
  /** The notification once it was queued or sent; none for a form that says so itself. */
  notice?: {
    queued: (body: Body) => Notice;
    sent: (answer: Answer, body: Body) => Notice;
  };
  /** A draft came back (on opening the form, or a refused entry taken up again). */
  onRestore?: () => void;
  /** Nothing was sent: the form's own check or the server refused it. */
  onRefused?: () => void;
}

export interface OutboxForm<Answer> {
  /** The form's draft on the device, for DraftNotice and "Cancel". */
  draft: FormDraftState;
  /** The <form>'s onSubmit: checks the values, then sends or queues them. */
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The same for a button outside the <form> (the order's review step). */
  send: () => void;
  sending: boolean;
  /** Why the last attempt was not sent (an ApiRequestError, or another error), or null. */
  failure: unknown;
  /** What became of the last submission, until `reset` or a restored draft. */
  submitted: Submitted<Answer> | null;
  /** Forgets the last submission and failure: the form is ready for another one. */
  reset: () => void;
}

export function useOutboxForm<Values, Body, Answer>(
  options: OutboxFormOptions<Values, Body, Answer>,
): OutboxForm<Answer> {
  const { form, uid, draftName, page, notice, onRefused } = options;
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const [submitted, setSubmitted] = useState<Submitted<Answer> | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const draft = useFormDraft(form, uid, draftName, () => {
    setSubmitted(null);
    setFailure(null);
    options.onRestore?.();
  });

  const mutation = useMutation({
    // Offline, this must run (to queue), not pause as queries do.
    networkMode: 'always',
    mutationFn: async (vars: {
      uid: string;
      create: OutboxCreate<Body, Answer>;
      values: Values;
      key: string;
    }): Promise<Submitted<Answer>> => {
      const { kind, label, path, body, customerId, fieldMap, parse } = vars.create;
      const edit = { form: draftName, values: vars.values, path: page, fieldMap };
      const outcome = await submitOrQueue<unknown>(
        vars.uid,
        { kind, label, path, body, customerId, edit },
        vars.key,
      );
      return outcome.queued
        ? { queued: true, label: outcome.entry.label }
        : { queued: false, answer: parse(outcome.answer) };
    },
    onSettled: (outcome, _error, { create }) => {
      if (!outcome?.queued) void queryClient.invalidateQueries({ queryKey: create.invalidates });
    },
  });

  const deliver = async (values: Values, element?: HTMLElement | null) => {
    setFailure(null);
    if (uid === null) return;
    const create = options.create(values);
    let outcome: Submitted<Answer>;
    try {
      outcome = await mutation.mutateAsync({ uid, create, values, key: keys.keyFor(create.body) });
    } catch (error) {
      form.setErrors(formErrorsOf(fieldErrors(error), create.fieldMap));
      setFailure(error);
      onRefused?.();
      focusFirstInvalidIn(element);
      return;
    }
    // Delivered or queued: whatever is submitted next is another thing, with a key of its own.
    keys.reset();
    setSubmitted(outcome);
    await draft.submitted();
    if (notice) {
      notifications.show(
        outcome.queued
          ? { color: 'gray', ...notice.queued(create.body) }
          : { color: 'teal', ...notice.sent(outcome.answer, create.body) },
      );
    }
  };

  const submit = form.onSubmit(
    (values, event) => void deliver(values, event?.currentTarget),
    (errors, values, event) => {
      onRefused?.();
      focusFirstInvalid(errors, values, event);
    },
  );

  const send = () => {
    if (form.validate().hasErrors) {
      onRefused?.();
      return;
    }
    void deliver(form.getValues());
  };

  return {
    draft,
    submit,
    send,
    sending: mutation.isPending,
    failure,
    submitted,
    reset: () => {
      setSubmitted(null);
      setFailure(null);
    },
  };
}
