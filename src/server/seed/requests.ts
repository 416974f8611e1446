/**
 * Demo requests: quote requests, contact messages and access requests in every status, with
 * threads, so the staff inbox and the buyers' screens have something to show. Two self sign-ups get
 * Auth accounts without portal users: one waiting for approval, one rejected.
 *
 * Idempotent: a request is identified by its requester and subject; one that exists is left as
 * staff may have worked it.
 */
import { and, inArray, sql } from 'drizzle-orm';
import { addDays, utcToday } from '../../shared/calendar-date';
import type { QuoteAnswer, QuotePayload, RequestDecision } from '../../shared/schemas/requests';
import type { RequestStatus, RequestType } from '../../shared/status';
import { recordEvent } from '../events';
import type { Db } from '../db/database';
import { customers, requestMessages, requests, users } from '../db/schema';
import type { SeedUser } from './demo-accounts';
import { ensureAuthAccount, type SeedAuth } from './auth-accounts';

const ACTOR = 'system:seed';
const inches = (whole: number, sixteenths = 0) => whole * 16 + sixteenths;

/** People who signed up but have no portal user (an Auth account only). */
export const DEMO_SIGN_UPS: readonly SeedUser[] = [
  {
    uid: 'demo-pending',
    email: 'pending@newco.test',
    firstName: 'Casey',
    lastName: 'Quinn',
    roleName: 'Customer',
  },
  {
    uid: 'demo-rejected',
    email: 'rejected@example.test',
    firstName: 'Robin',
    lastName: 'Vale',
    roleName: 'Customer',
  },
];

interface SeedMessage {
  fromStaff: boolean;
  /** Uid of the author: a demo user, or a sign-up. */
  author: string;
  body: string;
}

export interface SeedRequest {
  type: RequestType;
  status: RequestStatus;
  requester: string;
  /** Customer code, for quote requests and buyers' messages. */
  customer?: string;
  subject: string;
  payload: object;
  quote?: Omit<QuoteAnswer, 'QuotedAt'>;
  decision?: RequestDecision;
  reason?: string;
  unread: boolean;
  daysAgo: number;
  messages?: SeedMessage[];
}

/** The demo requests, with dates relative to `today` (YYYY-MM-DD). */
export function demoRequests(today: string): SeedRequest[] {
  const shipper: QuotePayload = {
    Lines: [
      {
        Description: 'Shipper for the spring mailer program',
        Material: '200# C-flute kraft, one-colour print',
        Length: inches(12, 6),
        Width: inches(10, 4),
        Height: inches(6),
        Quantities: [500, 1000, 5000],
      },
      {
        Description: 'Insert pad',
        Material: 'E-flute white',
        Length: inches(12, 2),
        Width: inches(10),
        Height: 0,
        Quantities: [1000, 5000],
      },
    ],
    NeededBy: addDays(today, 45),
    Notes: 'Same print as last year, new size.',
  };
  const freezer: QuotePayload = {
    Lines: [
      {
        Description: 'Freezer-grade case',
        Material: 'Wax-cascaded 275# C-flute',
        Length: inches(19, 9),
        Width: inches(13, 7),
        Height: inches(9),
        Quantities: [2000, 10000],
      },
    ],
    NeededBy: addDays(today, 60),
    Notes: '',
  };
  const trays: QuotePayload = {
    Lines: [
      {
        Description: 'Counter display tray',
        Material: 'E-flute, full-colour litho label',
        Length: inches(14),
        Width: inches(9, 8),
        Height: inches(3, 12),
        Quantities: [250, 1000],
      },
    ],
    NeededBy: addDays(today, 20),
    Notes: 'Tear-away front panel.',
  };
  const bins: QuotePayload = {
    Lines: [
      {
        Description: 'Parts bin, half slotted, with dividers',
        Material: '44 ECT kraft',
        Length: inches(18),
        Width: inches(11, 13),
        Height: inches(10, 15),
        Quantities: [300],
      },
    ],
    NeededBy: addDays(today, 30),
    Notes: '',
  };

  return [
    {
      type: 'quote',
      status: 'new',
      requester: 'demo-buyer-acme',
      customer: 'ACME',
      subject: 'Spring mailer program: shipper and insert',
      payload: shipper,
      unread: true,
      daysAgo: 1,
    },
    {
      type: 'quote',
      status: 'answered',
      requester: 'demo-buyer-globex',
      customer: 'GLOBEX',
      subject: 'Freezer-grade cases for the new line',
      payload: freezer,
      quote: {
        Lines: [{ UnitPrices: [1.92, 1.74] }],
        ValidUntil: addDays(today, 30),
        Note: 'Prices include the wax cascade; freight extra.',
        QuotedBy: 'Alex Morgan',
      },
      unread: false,
      daysAgo: 6,
      messages: [
        {
          fromStaff: true,
          author: 'demo-admin',
          body: 'Do the cases stack five or six high on your pallets?',
        },
        { fromStaff: false, author: 'demo-buyer-globex', body: 'Six high, 40 × 48 pallets.' },
      ],
    },
    {
      type: 'quote',
      status: 'closed',
      requester: 'demo-buyer-acme',
      customer: 'ACME',
      subject: 'Counter display trays',
      payload: trays,
      quote: {
        Lines: [{ UnitPrices: [2.35, 1.98] }],
        ValidUntil: addDays(today, 10),
        Note: '',
        QuotedBy: 'Dana Whitfield',
      },
      decision: 'accepted',
      unread: false,
      daysAgo: 14,
    },
    {
      type: 'quote',
      status: 'in_review',
      requester: 'demo-rep',
      customer: 'INITECH',
      subject: 'Parts bins with dividers (for Initech)',
      payload: bins,
      unread: false,
      daysAgo: 3,
      messages: [
        {
          fromStaff: true,
          author: 'demo-webadmin',
          body: 'Checking die availability for the dividers.',
        },
      ],
    },
    {
      type: 'contact',
      status: 'new',
      requester: 'demo-buyer-globex',
      customer: 'GLOBEX',
      subject: 'Dock hours over the holidays',
      payload: { Message: 'Will your shipping dock be open on the 26th? We have a truck booked.' },
      unread: true,
      daysAgo: 0,
    },
    {
      type: 'contact',
      status: 'answered',
      requester: 'demo-buyer-acme',
      customer: 'ACME',
      subject: 'Invoice copy for PO 4471',
      payload: { Message: 'Could you send a copy of the invoice for PO 4471?' },
      unread: false,
      daysAgo: 9,
      messages: [
        {
          fromStaff: true,
          author: 'demo-webadmin',
          body: 'Sent to purchasing@acme.test this morning.',
        },
      ],
    },
    {
      type: 'access',
      status: 'new',
      requester: 'demo-pending',
      subject: 'Access for Casey Quinn (Newco Packaging)',
      payload: {
        FirstName: 'Casey',
        LastName: 'Quinn',
        Company: 'Newco Packaging',
        Phone: '+1 555 010 0199',
        Details: 'We are a new customer and want to place our first orders online.',
      },
      unread: true,
      daysAgo: 2,
    },
    {
      type: 'access',
      status: 'closed',
      requester: 'demo-rejected',
      subject: 'Access for Robin Vale (Vale Consulting)',
      payload: {
        FirstName: 'Robin',
        LastName: 'Vale',
        Company: 'Vale Consulting',
        Phone: '',
        Details: 'I would like to see your prices for a market study.',
      },
      decision: 'rejected',
      reason: 'The portal is for our customers. Please write to sales@portal.test for prices.',
      unread: false,
      daysAgo: 20,
    },
  ];
}

export async function seedRequests(db: Db, auth: SeedAuth): Promise<void> {
  for (const person of DEMO_SIGN_UPS) await ensureAuthAccount(auth, person);
  const today = utcToday();
  await db.transaction(async (tx) => {
    const people = await tx
      .select({
        Id: users.Id,
        Uid: users.Uid,
        Email: users.Email,
        Name: sql<string>`${users.FirstName} || ' ' || ${users.LastName}`,
      })
      .from(users);
    const byUid = new Map(people.map((p) => [p.Uid, p]));
    const companies = await tx
      .select({ Id: customers.Id, Code: customers.CustomerCode })
      .from(customers);
    const customerId = (code: string | undefined) =>
      code === undefined ? null : (companies.find((c) => c.Code === code)?.Id ?? null);

    const wanted = demoRequests(today);
    const existing = await tx
      .select({ RequesterUid: requests.RequesterUid, Subject: requests.Subject })
      .from(requests)
      .where(
        and(
          inArray(
            requests.RequesterUid,
            wanted.map((w) => w.requester),
          ),
          inArray(
            requests.Subject,
            wanted.map((w) => w.subject),
          ),
        ),
      );
    const exists = (w: SeedRequest) =>
      existing.some((e) => e.RequesterUid === w.requester && e.Subject === w.subject);

    for (const w of wanted.filter((w) => !exists(w))) {
      const requester = byUid.get(w.requester);
      const signUp = DEMO_SIGN_UPS.find((p) => p.uid === w.requester);
      const email = requester?.Email ?? signUp?.email;
      if (email === undefined) throw new Error(`Seed: unknown requester ${w.requester}`);
      const created = sql`now() - make_interval(days => ${w.daysAgo})`;
      const [request] = await tx
        .insert(requests)
        .values({
          Type: w.type,
          Status: w.status,
          CustomerId: customerId(w.customer),
          UserId: requester?.Id ?? null,
          RequesterUid: w.requester,
          RequesterEmail: email,
          // The seed's people have proven addresses (seed/auth-accounts.ts).
          RequesterEmailVerified: true,
          Subject: w.subject,
          Payload: w.payload,
          Quote: w.quote
            ? {
                ...w.quote,
                QuotedAt: new Date(Date.now() - (w.daysAgo - 1) * 86_400_000).toISOString(),
              }
            : null,
          Decision: w.decision ?? null,
          DecisionReason: w.reason ?? null,
          UnreadByStaff: w.unread,
          CreatedDate: created,
          LastUpdatedDate: created,
        })
        .returning();
      if (!request) throw new Error(`Seed: request ${w.subject} was not created`);
      await recordEvent(
        tx,
        { uid: ACTOR, staff: true, customerId: request.CustomerId },
        {
          kind: 'request.created',
          entity: 'requests',
          entityId: request.Id,
          subject: { entity: 'requests', id: request.Id },
          at: created,
          after: request,
        },
      );
      for (const [i, m] of (w.messages ?? []).entries()) {
        const author = byUid.get(m.author);
        const [message] = await tx
          .insert(requestMessages)
          .values({
            RequestId: request.Id,
            AuthorUid: m.author,
            AuthorName: author?.Name ?? m.author,
            FromStaff: m.fromStaff,
            Body: m.body,
            // A few hours apart, after the request was made.
            At: sql`now() - make_interval(days => ${w.daysAgo}) + make_interval(hours => ${2 + i * 3})`,
          })
          .returning();
        if (!message) throw new Error(`Seed: a message on ${w.subject} was not created`);
        await recordEvent(
          tx,
          { uid: ACTOR, staff: true, customerId: request.CustomerId },
          {
            kind: 'request.message',
            entity: 'request_messages',
            entityId: message.Id,
            subject: { entity: 'requests', id: request.Id },
            data: { FromStaff: message.FromStaff },
            at: message.At,
            after: message,
          },
        );
      }
    }
  });
}
