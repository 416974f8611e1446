import { describe, expect, it } from 'vitest';
import { addDays, utcToday } from '../calendar-date';
import { ROLES } from '../roles';
import {
  approveAccessSchema,
  createRequestSchema,
  defaultQuoteSubject,
  quoteAnswerInputSchema,
  quoteAnswerProblems,
  toStoredQuotePayload,
  type CreateQuoteRequest,
} from './requests';

const inAMonth = addDays(utcToday(), 30);

function quoteBody(overrides: Partial<CreateQuoteRequest['Payload']['Lines'][number]> = {}) {
  return {
    Type: 'quote' as const,
    Subject: 'Shipper for the spring line',
    Payload: {
      Lines: [
        {
          Description: 'Shipper box',
          Material: '200# C-flute kraft',
          Length: { Whole: 12, Fraction: '3/8' as const },
          Width: { Whole: 10, Fraction: '1/4' as const },
          Height: { Whole: 6, Fraction: '0' as const },
          Quantities: [500, 1000, 5000],
          ...overrides,
        },
      ],
      NeededBy: inAMonth,
      Notes: 'Printed one colour.',
    },
  };
}

/** The `fields`-style problems of a failed parse: dot path → first message. */
function problems(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? [])
    out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

describe('creating a quote request', () => {
  it('accepts whole inches with one of the sixteen fractions and stores sixteenths', () => {
    const parsed = createRequestSchema.parse(quoteBody());
    expect(parsed.Type).toBe('quote');
    if (parsed.Type !== 'quote') return;
    const stored = toStoredQuotePayload(parsed.Payload);
    expect(stored.Lines[0]).toEqual({
      Description: 'Shipper box',
      Material: '200# C-flute kraft',
      Length: 12 * 16 + 6,
      Width: 10 * 16 + 4,
      Height: 6 * 16,
      Quantities: [500, 1000, 5000],
    });
    expect(stored).toMatchObject({ NeededBy: inAMonth, Notes: 'Printed one colour.' });
  });

  it('refuses negative inches with a field message, whichever dimension, never throwing', () => {
    for (const key of ['Length', 'Width', 'Height'] as const) {
      const body = quoteBody({ [key]: { Whole: -1, Fraction: '0' } });
      expect(problems(createRequestSchema.safeParse(body))).toEqual({
        [`Payload.Lines.0.${key}.Whole`]: 'Cannot be negative.',
      });
    }
  });

  it('refuses a fraction outside the sixteen, and fractional whole inches', () => {
    const body = quoteBody({ Length: { Whole: 12, Fraction: '1/3' as never } });
    expect(problems(createRequestSchema.safeParse(body))).toEqual({
      'Payload.Lines.0.Length.Fraction': 'Choose one of the sixteen fractions, 0 to 15/16.',
    });
    const halves = quoteBody({ Width: { Whole: 10.5, Fraction: '0' } });
    expect(problems(createRequestSchema.safeParse(halves))).toEqual({
      'Payload.Lines.0.Width.Whole': 'Enter whole inches; choose the fraction beside it.',
    });
  });

  it('wants one to four increasing quantity breaks', () => {
    expect(problems(createRequestSchema.safeParse(quoteBody({ Quantities: [] })))).toEqual({
      'Payload.Lines.0.Quantities': 'Give at least one quantity.',
    });
    expect(
      problems(createRequestSchema.safeParse(quoteBody({ Quantities: [1, 2, 3, 4, 5] }))),
    ).toEqual({ 'Payload.Lines.0.Quantities': 'Give at most four quantity breaks.' });
    expect(
      problems(createRequestSchema.safeParse(quoteBody({ Quantities: [500, 500, 100] }))),
    ).toEqual({
      'Payload.Lines.0.Quantities.1': 'Make each quantity larger than the one before.',
      'Payload.Lines.0.Quantities.2': 'Make each quantity larger than the one before.',
    });
    expect(problems(createRequestSchema.safeParse(quoteBody({ Quantities: [0] })))).toEqual({
      'Payload.Lines.0.Quantities.0': 'At least 1.',
    });
  });

  it('wants a length and a width, but allows a flat item', () => {
    const flat = quoteBody({ Height: { Whole: 0, Fraction: '0' } });
    expect(createRequestSchema.safeParse(flat).success).toBe(true);
    const noLength = quoteBody({ Length: { Whole: 0, Fraction: '0' } });
    expect(problems(createRequestSchema.safeParse(noLength))).toEqual({
      'Payload.Lines.0.Length.Whole': 'The length must be more than 0.',
    });
  });

  it('refuses a needed-by date in the past, or not a date', () => {
    const past = quoteBody();
    past.Payload.NeededBy = '2020-01-01';
    expect(problems(createRequestSchema.safeParse(past))).toEqual({
      'Payload.NeededBy': 'Choose today or a later date.',
    });
    past.Payload.NeededBy = '2030-02-30';
    expect(problems(createRequestSchema.safeParse(past))).toEqual({
      'Payload.NeededBy': 'This date does not exist.',
    });
    past.Payload.NeededBy = 'soon';
    expect(problems(createRequestSchema.safeParse(past))).toEqual({
      'Payload.NeededBy': 'Enter a date as YYYY-MM-DD.',
    });
  });

  it('refuses unknown fields anywhere', () => {
    const body = quoteBody();
    const extra = {
      ...body,
      Status: 'closed',
      Payload: { ...body.Payload, Price: 1 },
    };
    const issues = createRequestSchema.safeParse(extra).error?.issues ?? [];
    expect(issues.map((i) => [i.code, i.path.join('.'), 'keys' in i ? i.keys : []])).toEqual([
      ['unrecognized_keys', 'Payload', ['Price']],
      ['unrecognized_keys', '', ['Status']],
    ]);
  });

  it('makes a subject from the first item when none is given', () => {
    const parsed = createRequestSchema.parse({ ...quoteBody(), Subject: undefined });
    if (parsed.Type !== 'quote') throw new Error('not a quote');
    const stored = toStoredQuotePayload(parsed.Payload);
    expect(defaultQuoteSubject(stored)).toBe('Quote: Shipper box');
    expect(defaultQuoteSubject({ ...stored, Lines: [...stored.Lines, ...stored.Lines] })).toBe(
      'Quote: Shipper box and 1 more',
    );
  });
});

describe('contact and access requests', () => {
  it('wants a subject and a message for contact', () => {
    expect(
      createRequestSchema.safeParse({
        Type: 'contact',
        Subject: 'Delivery window',
        Payload: { Message: 'Can you deliver before 7am?' },
      }).success,
    ).toBe(true);
    expect(
      problems(
        createRequestSchema.safeParse({ Type: 'contact', Subject: '  ', Payload: { Message: '' } }),
      ),
    ).toEqual({ Subject: 'Enter a subject.', 'Payload.Message': 'Enter your message.' });
  });

  it('takes no email in an access request: it comes from the signed-in account', () => {
    const payload = {
      FirstName: 'Nia',
      LastName: 'New',
      Company: 'Corp Ltd',
      Phone: '',
      Details: 'We order boxes monthly.',
    };
    expect(createRequestSchema.safeParse({ Type: 'access', Payload: payload }).success).toBe(true);
    const withEmail = { Type: 'access', Payload: { ...payload, Email: 'boss@corp.test' } };
    expect(problems(createRequestSchema.safeParse(withEmail))).toEqual({
      Payload: 'Unrecognized key: "Email"',
    });
  });

  it('names an unknown type', () => {
    expect(problems(createRequestSchema.safeParse({ Type: 'order' }))).toEqual({
      Type: 'Type must be quote, contact or access.',
    });
  });
});

describe('answering a quote', () => {
  const request = {
    Lines: [{ Quantities: [500, 1000, 5000] }, { Quantities: [100] }],
  } as Parameters<typeof quoteAnswerProblems>[0];

  it('fits when every break of every line has a price', () => {
    expect(
      quoteAnswerProblems(request, { Lines: [{ UnitPrices: [1, 0.9, 0.8] }, { UnitPrices: [2] }] }),
    ).toEqual({});
  });

  it('names the line with a missing break, and a missing line', () => {
    expect(
      quoteAnswerProblems(request, { Lines: [{ UnitPrices: [1, 0.9] }, { UnitPrices: [2] }] }),
    ).toEqual({
      'Lines.0.UnitPrices':
        'Give a unit price for each of the 3 quantity breaks (500, 1,000, 5,000).',
    });
    expect(quoteAnswerProblems(request, { Lines: [{ UnitPrices: [1, 0.9, 0.8] }] })).toEqual({
      Lines: 'Price each of the 2 items of the request.',
    });
  });

  it('refuses a past valid-until date, a zero price and sub-cent dust beyond four places', () => {
    const answer = { Lines: [{ UnitPrices: [1.25, 0, 0.12345] }], ValidUntil: '2020-01-01' };
    expect(problems(quoteAnswerInputSchema.safeParse(answer))).toEqual({
      'Lines.0.UnitPrices.1': 'A price must be more than 0.',
      'Lines.0.UnitPrices.2': 'Use at most four decimal places.',
      ValidUntil: 'Choose today or a later date.',
    });
    expect(
      quoteAnswerInputSchema.safeParse({ Lines: [{ UnitPrices: [0.1234] }], ValidUntil: inAMonth })
        .success,
    ).toBe(true);
  });
});

describe('approving access', () => {
  it("wants a customer exactly for a customer's roles", () => {
    const buyer = ROLES.Customer.RoleId;
    const admin = ROLES.SystemAdministrator.RoleId;
    expect(approveAccessSchema.safeParse({ RoleId: buyer, CustomerId: 4 }).success).toBe(true);
    expect(approveAccessSchema.safeParse({ RoleId: admin }).success).toBe(true);
    expect(problems(approveAccessSchema.safeParse({ RoleId: buyer }))).toEqual({
      CustomerId: 'Choose the customer this person works for.',
    });
    expect(problems(approveAccessSchema.safeParse({ RoleId: admin, CustomerId: 4 }))).toEqual({
      CustomerId: "Only a customer's people (buyers, approvers, viewers) belong to a customer.",
    });
    expect(
      approveAccessSchema.safeParse({ RoleId: ROLES.Viewer.RoleId, CustomerId: 4 }).success,
    ).toBe(true);
    expect(problems(approveAccessSchema.safeParse({ RoleId: 9 }))).toEqual({
      RoleId: 'Choose a role.',
    });
  });
});
