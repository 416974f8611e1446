/**
 * Requests (docs/product/entities.md#request): quote requests, contact messages and access
 * requests, their answers and their threads. One source of truth for the API's validation, the
 * screens' forms and the OpenAPI document. Input schemas are `.strict()`: an unknown field is
 * refused, not ignored.
 *
 * Dimensions are entered as whole inches plus one of the sixteen fractions and stored as integer
 * sixteenths (src/shared/inches.ts), as catalog items are.
 */
import { z } from 'zod';
import { addDays, utcToday } from '../calendar-date';
import { INCH_FRACTIONS, toSixteenths } from '../inches';
import { ROLE_LIST, isCustomerSideRoleId } from '../roles';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../status';
import { idParamSchema, idSchema } from './common';
import { formatQty } from '../format';
import { cursorSchema, limitSchema, notPastDateSchema, searchSchema, textSchema } from './fields';

export const REQUEST_LIMITS = {
  subject: 200,
  message: 5000,
  notes: 2000,
  description: 200,
  material: 100,
  lines: 20,
  quantityBreaks: 4,
  maxQuantity: 10_000_000,
  maxWholeInches: 999,
  maxUnitPrice: 1_000_000,
  name: 100,
  company: 200,
  phone: 30,
  details: 2000,
  reason: 1000,
  /** How far ahead a needed-by or valid-until date may lie. */
  maxDaysAhead: 5 * 366,
} as const;

/** A required text field, trimmed, with messages a person can act on. */
const text = (what: string, max: number) =>
  textSchema(`Enter ${what}.`)
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `Keep it under ${max} characters.`);

const optionalText = (max: number) =>
  textSchema().trim().max(max, `Keep it under ${max} characters.`).optional();

/**
 * A day that is not past (src/shared/calendar-date.ts) and not absurdly far ahead: counted on the
 * UTC calendar, so the screen and the API draw the bound alike.
 */
const comingDate = (what: string) =>
  textSchema(`Choose ${what}.`)
    .min(1, `Choose ${what}.`)
    .pipe(notPastDateSchema)
    .refine(
      (date) => date <= addDays(utcToday(), REQUEST_LIMITS.maxDaysAhead),
      'Choose a date within the next five years.',
    );

// ── Dimensions ────────────────────────────────────────────────────────────────────────────────

export type FractionLabel = (typeof INCH_FRACTIONS)[number]['label'];
export const FRACTION_LABELS = INCH_FRACTIONS.map((f) => f.label) as [
  FractionLabel,
  ...FractionLabel[],
];

/** `{ Whole: 12, Fraction: '3/8' }`: whole inches and one of the sixteen fractions 0 … 15/16. */
export const dimensionInputSchema = z
  .object({
    Whole: z
      .number({ error: 'Enter the whole inches.' })
      .int('Enter whole inches; choose the fraction beside it.')
      .min(0, 'Cannot be negative.')
      .max(REQUEST_LIMITS.maxWholeInches, `At most ${REQUEST_LIMITS.maxWholeInches} inches.`),
    Fraction: z.enum(FRACTION_LABELS, {
      error: 'Choose one of the sixteen fractions, 0 to 15/16.',
    }),
  })
  .strict();
export type DimensionInput = z.infer<typeof dimensionInputSchema>;

export function dimensionToSixteenths({ Whole, Fraction }: DimensionInput): number {
  return toSixteenths({ whole: Whole, sixteenths: FRACTION_LABELS.indexOf(Fraction) });
}

// ── Quote requests ────────────────────────────────────────────────────────────────────────────

const quantity = z
  .number({ error: 'Enter a quantity.' })
  .int('Enter a whole number.')
  .min(1, 'At least 1.')
  .max(REQUEST_LIMITS.maxQuantity, `At most ${formatQty(REQUEST_LIMITS.maxQuantity)}.`);

/** One to four quantity breaks, smallest first, each larger than the one before. */
const quantityBreaks = z
  .array(quantity)
  .min(1, 'Give at least one quantity.')
  .max(REQUEST_LIMITS.quantityBreaks, 'Give at most four quantity breaks.')
  .superRefine((quantities, ctx) => {
    quantities.forEach((q, i) => {
      const before = quantities[i - 1];
      if (i > 0 && before !== undefined && q <= before) {
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'Make each quantity larger than the one before.',
        });
      }
    });
  });

export const quoteLineInputSchema = z
  .object({
    Description: text('what the item is', REQUEST_LIMITS.description),
    Material: text('the material', REQUEST_LIMITS.material),
    Length: dimensionInputSchema,
    Width: dimensionInputSchema,
    Height: dimensionInputSchema,
    Quantities: quantityBreaks,
  })
  .strict()
  .superRefine((line, ctx) => {
    // A pad or sheet may have no height, but nothing has no length or width. Zod runs this even
    // when a dimension failed its own checks (a negative or fractional Whole), so it looks at the
    // fields as they are instead of converting them.
    for (const key of ['Length', 'Width'] as const) {
      if (line[key].Whole === 0 && line[key].Fraction === '0') {
        ctx.addIssue({
          code: 'custom',
          path: [key, 'Whole'],
          message: `The ${key.toLowerCase()} must be more than 0.`,
        });
      }
    }
  });
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

export const quotePayloadInputSchema = z
  .object({
    Lines: z
      .array(quoteLineInputSchema)
      .min(1, 'Add at least one item.')
      .max(REQUEST_LIMITS.lines, `At most ${REQUEST_LIMITS.lines} items per request.`),
    NeededBy: comingDate('the date you need the items by'),
    Notes: optionalText(REQUEST_LIMITS.notes),
  })
  .strict();

/** `POST /api/db/requests` for a quote. Without a Subject, one is made from the first item. */
export const createQuoteRequestSchema = z
  .object({
    Type: z.literal('quote'),
    Subject: optionalText(REQUEST_LIMITS.subject),
    Payload: quotePayloadInputSchema,
  })
  .strict();
export type CreateQuoteRequest = z.infer<typeof createQuoteRequestSchema>;

/** A quote line as stored and answered: dimensions in sixteenths of an inch. */
export const quoteLineSchema = z.object({
  Description: z.string(),
  Material: z.string(),
  Length: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  Quantities: z.array(z.number().int()),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quotePayloadSchema = z.object({
  Lines: z.array(quoteLineSchema),
  NeededBy: z.string(),
  Notes: z.string(),
});
export type QuotePayload = z.infer<typeof quotePayloadSchema>;

export function toStoredQuotePayload(input: CreateQuoteRequest['Payload']): QuotePayload {
  return {
    Lines: input.Lines.map((line) => ({
      Description: line.Description,
      Material: line.Material,
      Length: dimensionToSixteenths(line.Length),
      Width: dimensionToSixteenths(line.Width),
      Height: dimensionToSixteenths(line.Height),
      Quantities: line.Quantities,
    })),
    NeededBy: input.NeededBy,
    Notes: input.Notes ?? '',
  };
}

/** The subject of a quote request that came without one. */
export function defaultQuoteSubject(payload: QuotePayload): string {
  const [first] = payload.Lines;
  const more = payload.Lines.length > 1 ? ` and ${payload.Lines.length - 1} more` : '';
  return `Quote: ${first?.Description ?? 'items'}${more}`.slice(0, REQUEST_LIMITS.subject);
}

// ── Quote answers ─────────────────────────────────────────────────────────────────────────────

const unitPrice = z
  .number({ error: 'Enter a unit price.' })
  .positive('A price must be more than 0.')
  .max(REQUEST_LIMITS.maxUnitPrice, 'This price is too large.')
  // Prices are stored to four decimal places (money columns); more would be silently lost.
  .refine((price) => Math.abs(price * 10_000 - Math.round(price * 10_000)) < 1e-6, {
    message: 'Use at most four decimal places.',
  });

/** `POST /api/db/requests/:id/quote`: a unit price per quantity break of every line. */
export const quoteAnswerInputSchema = z
  .object({
    Lines: z
      .array(
        z
          .object({
            UnitPrices: z
              .array(unitPrice)
              .min(1, 'Give a unit price for each quantity break.')
              .max(REQUEST_LIMITS.quantityBreaks, 'At most four prices: one per quantity break.'),
          })
          .strict(),
      )
      .min(1, 'Price every item of the request.')
      .max(REQUEST_LIMITS.lines, 'Price every item of the request, and no more.'),
    ValidUntil: comingDate('the last day the prices are valid'),
    Note: optionalText(REQUEST_LIMITS.notes),
  })
  .strict();
export type QuoteAnswerInput = z.infer<typeof quoteAnswerInputSchema>;

/**
 * What the answer lacks against the request it answers, as `fields` (empty when it fits): a
 * price line for every item and a unit price for every quantity break.
 */
export function quoteAnswerProblems(
  request: Pick<QuotePayload, 'Lines'>,
  answer: { Lines: ReadonlyArray<{ UnitPrices: readonly unknown[] }> },
): Record<string, string> {
  if (answer.Lines.length !== request.Lines.length) {
    return { Lines: `Price each of the ${request.Lines.length} items of the request.` };
  }
  const problems: Record<string, string> = {};
  request.Lines.forEach((line, i) => {
    const given = answer.Lines[i]?.UnitPrices.length ?? 0;
    if (given !== line.Quantities.length) {
      const breaks = line.Quantities.map(formatQty).join(', ');
      problems[`Lines.${i}.UnitPrices`] =
        `Give a unit price for each of the ${line.Quantities.length} quantity breaks (${breaks}).`;
    }
  });
  return problems;
}

/** The staff's answer to a quote, as stored on the request. */
export const quoteAnswerSchema = z.object({
  Lines: z.array(z.object({ UnitPrices: z.array(z.number()) })),
  ValidUntil: z.string(),
  Note: z.string(),
  QuotedAt: z.string(),
  QuotedBy: z.string(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

// ── Contact messages ──────────────────────────────────────────────────────────────────────────

export const contactPayloadSchema = z
  .object({ Message: text('your message', REQUEST_LIMITS.message) })
  .strict();
export type ContactPayload = z.infer<typeof contactPayloadSchema>;

export const createContactRequestSchema = z
  .object({
    Type: z.literal('contact'),
    Subject: text('a subject', REQUEST_LIMITS.subject),
    Payload: contactPayloadSchema,
  })
  .strict();
export type CreateContactRequest = z.infer<typeof createContactRequestSchema>;

// ── Access requests ───────────────────────────────────────────────────────────────────────────

/** Field rules of an access request, shared with the sign-up form. */
export const accessFields = {
  FirstName: text('your first name', REQUEST_LIMITS.name),
  LastName: text('your last name', REQUEST_LIMITS.name),
  Company: text('your company', REQUEST_LIMITS.company),
  /** Optional: the empty string when not given. */
  Phone: textSchema()
    .trim()
    .max(REQUEST_LIMITS.phone, `Keep it under ${REQUEST_LIMITS.phone} characters.`)
    .refine(
      (value) => value === '' || /^\+?[\d\s().-]{6,}$/.test(value),
      'Enter a phone number, e.g. +1 555 010 0100.',
    ),
  Details: textSchema('Tell us in a sentence what you need access for.')
    .trim()
    .min(10, 'Tell us in a sentence what you need access for.')
    .max(REQUEST_LIMITS.details, `Keep it under ${REQUEST_LIMITS.details} characters.`),
};

/** Who asks for access and why. The email is the signed-in account's, never typed. */
export const accessPayloadSchema = z.object(accessFields).strict();
export type AccessPayload = z.infer<typeof accessPayloadSchema>;

export const createAccessRequestSchema = z
  .object({ Type: z.literal('access'), Payload: accessPayloadSchema })
  .strict();
export type CreateAccessRequest = z.infer<typeof createAccessRequestSchema>;

export function accessSubject(payload: AccessPayload): string {
  return `Access for ${payload.FirstName} ${payload.LastName} (${payload.Company})`.slice(
    0,
    REQUEST_LIMITS.subject,
  );
}

/** `POST /api/db/requests`: one body per type. */
export const createRequestSchema = z.discriminatedUnion(
  'Type',
  [createQuoteRequestSchema, createContactRequestSchema, createAccessRequestSchema],
  { error: 'Type must be quote, contact or access.' },
);
export type CreateRequest = z.infer<typeof createRequestSchema>;

// ── Decisions and messages ────────────────────────────────────────────────────────────────────

export const REQUEST_DECISIONS = ['accepted', 'declined', 'approved', 'rejected'] as const;
export type RequestDecision = (typeof REQUEST_DECISIONS)[number];

const ROLE_IDS = ROLE_LIST.map((role) => role.RoleId) as [number, ...number[]];

/** `POST /api/db/requests/:id/approve`: the role and (for buyers only) the customer. */
export const approveAccessSchema = z
  .object({
    RoleId: z.literal(ROLE_IDS, { error: 'Choose a role.' }),
    CustomerId: idSchema.nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const customerSide = isCustomerSideRoleId(body.RoleId);
    const customer = body.CustomerId ?? null;
    if (customerSide && customer === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['CustomerId'],
        message: 'Choose the customer this person works for.',
      });
    }
    if (!customerSide && customer !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['CustomerId'],
        message: "Only a customer's people (buyers, approvers, viewers) belong to a customer.",
      });
    }
  });
export type ApproveAccess = z.infer<typeof approveAccessSchema>;

/** `POST /api/db/requests/:id/reject`: the reason the person reads. */
export const rejectAccessSchema = z
  .object({ Reason: text('the reason the person will read', REQUEST_LIMITS.reason) })
  .strict();
export type RejectAccess = z.input<typeof rejectAccessSchema>;

/** `POST /api/db/requests/:id/decline`: optionally why. */
export const declineQuoteSchema = z
  .object({ Reason: optionalText(REQUEST_LIMITS.reason) })
  .strict();
export type DeclineQuote = z.input<typeof declineQuoteSchema>;

/** `POST /api/db/requests/:id/messages`. */
export const createMessageSchema = z
  .object({ Body: text('a message', REQUEST_LIMITS.message) })
  .strict();
export type CreateMessage = z.input<typeof createMessageSchema>;

// ── Rows ──────────────────────────────────────────────────────────────────────────────────────

export const requestMessageSchema = z.object({
  Id: idSchema,
  AuthorName: z.string(),
  FromStaff: z.boolean(),
  Body: z.string(),
  At: z.string(),
});
export type RequestMessage = z.infer<typeof requestMessageSchema>;

const rowBase = {
  Id: idSchema,
  Status: z.enum(REQUEST_STATUSES),
  CustomerId: idSchema.nullable(),
  CustomerCode: z.string().nullable(),
  CustomerName: z.string().nullable(),
  UserId: idSchema.nullable(),
  RequesterUid: z.string(),
  RequesterEmail: z.string(),
  /** Whether the requester had proven the address when asking; staff see an unproven one flagged. */
  RequesterEmailVerified: z.boolean(),
  RequesterName: z.string(),
  Subject: z.string(),
  Decision: z.enum(REQUEST_DECISIONS).nullable(),
  DecisionReason: z.string().nullable(),
  UnreadByStaff: z.boolean(),
  MessageCount: z.number().int(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
};

const quoteRow = z.object({
  ...rowBase,
  Type: z.literal('quote'),
  Payload: quotePayloadSchema,
  Quote: quoteAnswerSchema.nullable(),
});
const contactRow = z.object({
  ...rowBase,
  Type: z.literal('contact'),
  Payload: contactPayloadSchema,
  Quote: z.null(),
});
const accessRow = z.object({
  ...rowBase,
  Type: z.literal('access'),
  Payload: accessPayloadSchema,
  Quote: z.null(),
});

/** A request as lists show it. */
export const requestRowSchema = z.discriminatedUnion('Type', [quoteRow, contactRow, accessRow]);
export type RequestRow = z.infer<typeof requestRowSchema>;

/** A request with its thread, oldest message first (`GET /api/db/requests/:id`). */
const messages = { Messages: z.array(requestMessageSchema) };
export const requestDetailSchema = z.discriminatedUnion('Type', [
  quoteRow.extend(messages),
  contactRow.extend(messages),
  accessRow.extend(messages),
]);
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestCountRowSchema = z.object({
  Status: z.enum(REQUEST_STATUSES),
  Count: z.number().int(),
  Unread: z.number().int(),
});
export type RequestCountRow = z.infer<typeof requestCountRowSchema>;

// ── Queries ───────────────────────────────────────────────────────────────────────────────────

const flag = z.enum(['true', 'false']).optional();

const filters = {
  type: z.enum(REQUEST_TYPES).optional(),
  customer: idParamSchema.optional(),
  /** Only the caller's own requests. */
  mine: flag,
  search: searchSchema,
};

/** Query of `GET /api/db/requests`. */
export const requestListQuerySchema = z
  .object({
    ...filters,
    status: z.enum(REQUEST_STATUSES).optional(),
    /** Only those staff have not opened since the requester last wrote. */
    unread: flag,
    sort: z.enum(['newest', 'oldest']).default('newest'),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict();
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

/** Query of `GET /api/db/requests/counts`: the list's filters, counted per status. */
export const requestCountsQuerySchema = z.object(filters).strict();
export type RequestCountsQuery = z.infer<typeof requestCountsQuerySchema>;
