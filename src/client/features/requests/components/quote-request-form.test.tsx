// @vitest-environment jsdom
// The form keeps its draft on the device: a real IndexedDB (fake-indexeddb's, in memory), emptied
// before each test, so no test starts from what the one before it typed.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, localToday } from '../../../../shared/calendar-date';
import { AuthContext, type AuthContextValue } from '../../../auth/auth-context';
import { configureApiClient } from '../../../lib/api-client';
import { deleteDraft } from '../../../lib/device-store';
import { render } from '../../../test-utils/render';
import { QuoteRequestForm } from './quote-request-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  fetchMock.mockReset();
  await deleteDraft('buyer-1', 'quote-request:1');
  configureApiClient({
    getIdToken: () => Promise.resolve('token'),
    getCustomerId: () => null,
    onAccountInactive: vi.fn(),
    fetch: fetchMock,
  });
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // The form sends as the signed-in person (their outbox, when offline): a buyer of ACME.
  const auth = {
    user: { Uid: 'buyer-1', role: { RoleName: 'Customer' }, customer: { CustomerId: 1 } },
    selectedCustomer: null,
  } as AuthContextValue;
  return render(
    <AuthContext value={auth}>
      <QueryClientProvider client={client}>
        <QuoteRequestForm customerName="Acme Packaging" />
      </QueryClientProvider>
    </AuthContext>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
const addQuantity = () => screen.queryByRole('button', { name: 'Add quantity to item 1' });

describe('QuoteRequestForm', () => {
  it('shows what is missing beside each field and sends nothing', async () => {
    renderForm();
    send();
    expect(await screen.findByText('Enter what the item is.')).toBeTruthy();
    expect(screen.getByText('Enter the material.')).toBeTruthy();
    expect(screen.getAllByText('Enter the whole inches.')).toHaveLength(3);
    expect(screen.getByText('Enter a quantity.')).toBeTruthy();
    expect(screen.getByText('Choose the date you need the items by.')).toBeTruthy();
    expect(field('Description').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the sixteen fractions for each dimension', () => {
    renderForm();
    const options = Array.from(
      (screen.getByLabelText('Length fraction') as HTMLSelectElement).options,
    ).map((o) => o.value);
    expect(options).toHaveLength(16);
    expect(options.slice(0, 3)).toEqual(['0', '1/16', '1/8']);
    expect(options.at(-1)).toBe('15/16');
  });

  it('takes one to four quantity breaks', () => {
    renderForm();
    for (let i = 0; i < 3; i++) fireEvent.click(addQuantity()!);
    expect(screen.getAllByRole('textbox', { name: /^Quantity \d$/ })).toHaveLength(4);
    expect(addQuantity()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove quantity 2 of item 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Quantity \d$/ })).toHaveLength(3);
  });

  it('sends whole inches and fractions with an Idempotency-Key, and keeps the input when refused', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'Some input is not valid.',
            fields: { 'Payload.Lines.0.Material': 'We do not run this board.' },
          },
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderForm();
    const neededBy = addDays(localToday(), 30);
    type('Description', 'Shipper box');
    type('Material', 'Unobtainium');
    type('Length (inches)', '12');
    fireEvent.change(screen.getByLabelText('Length fraction'), { target: { value: '3/8' } });
    type('Width (inches)', '10');
    fireEvent.change(screen.getByLabelText('Width fraction'), { target: { value: '1/4' } });
    type('Height (inches)', '6');
    type('Quantity 1', '500');
    type('Needed by', neededBy);
    send();

    expect(await screen.findByText('We do not run this board.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/db/requests');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{36}$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      Type: 'quote',
      Subject: '',
      Payload: {
        Lines: [
          {
            Description: 'Shipper box',
            Material: 'Unobtainium',
            Length: { Whole: 12, Fraction: '3/8' },
            Width: { Whole: 10, Fraction: '1/4' },
            Height: { Whole: 6, Fraction: '0' },
            Quantities: [500],
          },
        ],
        NeededBy: neededBy,
        Notes: '',
      },
    });
    await waitFor(() => expect(field('Material').value).toBe('Unobtainium'));
    expect(field('Description').value).toBe('Shipper box');
    // Refused by the server, the person is taken to the field it names.
    await waitFor(() => expect(document.activeElement).toBe(field('Material')));
  });

  it('refuses a quantity of 0 or -5 and inches of 1.5 as typed, beside the fields, and goes to the first', async () => {
    renderForm();
    type('Description', 'Shipper box');
    type('Length (inches)', '1.5');
    type('Width (inches)', '-5');
    type('Quantity 1', '0');
    send();

    expect(
      await screen.findByText('Enter whole inches; choose the fraction beside it.'),
    ).toBeTruthy();
    expect(screen.getByText('Cannot be negative.')).toBeTruthy();
    expect(screen.getByText('At least 1.')).toBeTruthy();
    expect(field('Length (inches)').value).toBe('1.5');
    expect(field('Width (inches)').value).toBe('-5');
    expect(field('Quantity 1').value).toBe('0');
    // Description is filled: the first field to fix is Material.
    await waitFor(() => expect(document.activeElement).toBe(field('Material')));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
