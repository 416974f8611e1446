// @vitest-environment jsdom
/**
 * The outbox forms' one submit sequence, on a form of one field: sent online, queued offline,
 * refused by the server. The outbox and the draft go through a real IndexedDB (fake-indexeddb's, in
 * memory); the API answers through the API client with a fetch of the test's.
 */
import 'fake-indexeddb/auto';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications, notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test-utils/render';
import { configureApiClient } from './api-client';
import { errorMessage } from './api-errors';
import { deleteDraft, outbox, readDraft } from './device-store';
import { useOutboxForm } from './use-outbox-form';

const UID = 'uid-outbox-form';
const DRAFT = 'outbox-form-test';

interface Values {
  Subject: string;
}

function MessageForm() {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { Subject: '' },
    validate: { Subject: (value) => (value.trim() ? null : 'Enter a subject.') },
  });
  const sending = useOutboxForm({
    form,
    uid: UID,
    draftName: DRAFT,
    page: '/contact-us',
    create: (values) => ({
      kind: 'contact',
      label: `Message: ${values.Subject}`,
      path: '/api/db/requests',
      body: { Type: 'contact', Subject: values.Subject.trim() },
      customerId: 7,
      parse: (answer) => (answer as { data: Array<{ Id: number }> }).data[0]!,
      invalidates: ['requests'],
    }),
    notice: {
      queued: (body) => ({ title: 'Message queued', message: body.Subject }),
      sent: (answer) => ({ title: 'Message sent', message: `Request #${answer.Id}` }),
    },
  });
  const { submitted, failure } = sending;
  return (
    <form onSubmit={sending.submit} noValidate aria-label="Message">
      {failure !== null && <p role="alert">{errorMessage(failure)}</p>}
      {submitted && (
        <p role="status">
          {submitted.queued ? `Queued: ${submitted.label}` : `Sent as #${submitted.answer.Id}`}
        </p>
      )}
      <TextInput label="Subject" {...form.getInputProps('Subject')} />
      <Button type="submit" loading={sending.sending}>
        Send
      </Button>
    </form>
  );
}

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  fetchMock.mockReset();
  configureApiClient({
    getIdToken: () => Promise.resolve('token'),
    getCustomerId: () => null,
    onAccountInactive: vi.fn(),
    fetch: fetchMock,
  });
  await outbox.clear(UID);
  await deleteDraft(UID, DRAFT);
  notifications.clean();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MessageForm />
    </QueryClientProvider>,
  );
}

const subject = () => screen.getByLabelText('Subject') as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const shown = () => notificationsStore.getState().notifications.map((n) => n.title);

/** Types into the form and waits until its draft is on the device. */
async function typeSubject(text: string) {
  // The draft is written once the stored one was read: wait for the form to be ready for it.
  await waitFor(async () => {
    fireEvent.change(subject(), { target: { value: text } });
    expect((await readDraft<Values>(UID, DRAFT))?.values.Subject).toBe(text);
  });
}

describe('useOutboxForm', () => {
  it('online, sends with an Idempotency-Key and the customer, says so, empties the form and drops the draft', async () => {
    fetchMock.mockResolvedValue(answer(201, { data: [{ Id: 41 }] }));
    renderForm();
    await typeSubject('Dock hours');
    send();

    expect((await screen.findByRole('status')).textContent).toBe('Sent as #41');
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/db/requests');
    const headers = new Headers(init?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[\w-]{36}$/);
    expect(headers.get('X-Customer-Id')).toBe('7');
    expect(JSON.parse(String(init?.body))).toEqual({ Type: 'contact', Subject: 'Dock hours' });
    await waitFor(() => expect(subject().value).toBe(''));
    await waitFor(async () => expect(await readDraft(UID, DRAFT)).toBeUndefined());
    expect(shown()).toEqual(['Message sent']);
    expect(await outbox.entries(UID)).toEqual([]);
  });

  it('offline, queues it in the outbox with its key and the form to take it up in, and drops the draft', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderForm();
    await typeSubject('Saturday pickup');
    send();

    expect((await screen.findByRole('status')).textContent).toBe(
      'Queued: Message: Saturday pickup',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    const [entry] = await outbox.entries(UID);
    expect(entry).toMatchObject({
      kind: 'contact',
      status: 'queued',
      customerId: 7,
      body: { Type: 'contact', Subject: 'Saturday pickup' },
      edit: { form: DRAFT, path: '/contact-us', values: { Subject: 'Saturday pickup' } },
    });
    expect(entry?.idempotencyKey).toMatch(/^[\w-]{36}$/);
    await waitFor(async () => expect(await readDraft(UID, DRAFT)).toBeUndefined());
    expect(subject().value).toBe('');
    expect(shown()).toEqual(['Message queued']);
  });

  it('a refusal keeps what was typed and its draft, shows the message beside the field and above the form, and a retry keeps the key', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        error: {
          code: 'invalid_input',
          message: 'Some input is not valid.',
          fields: { Subject: 'Say what the message is about.' },
        },
      }),
    );
    renderForm();
    await typeSubject('??');
    send();

    expect((await screen.findByRole('alert')).textContent).toBe('Some input is not valid.');
    expect(await screen.findByText('Say what the message is about.')).toBeTruthy();
    expect(subject().value).toBe('??');
    expect(subject().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(subject()));
    expect((await readDraft<Values>(UID, DRAFT))?.values.Subject).toBe('??');
    expect(screen.queryByRole('status')).toBeNull();
    expect(shown()).toEqual([]);
    expect(await outbox.entries(UID)).toEqual([]);

    // Sent again as it is, it is the same request: the same key, so the server creates it once.
    fetchMock.mockResolvedValue(answer(201, { data: [{ Id: 42 }] }));
    send();
    expect((await screen.findByRole('status')).textContent).toBe('Sent as #42');
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(async () => expect(await readDraft(UID, DRAFT)).toBeUndefined());
  });

  it("refused by the form's own check, sends nothing and keeps the draft as it is", async () => {
    renderForm();
    await typeSubject('   ');
    send();

    expect(await screen.findByText('Enter a subject.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(subject()));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await outbox.entries(UID)).toEqual([]);
    expect((await readDraft<Values>(UID, DRAFT))?.values.Subject).toBe('   ');
  });

  it('keeps what was typed before the stored draft was read, and saves it as the draft', async () => {
    renderForm();
    fireEvent.change(subject(), { target: { value: 'Typed at once' } });
    await waitFor(async () =>
      expect((await readDraft<Values>(UID, DRAFT))?.values.Subject).toBe('Typed at once'),
    );
    expect(subject().value).toBe('Typed at once');
  });
});
