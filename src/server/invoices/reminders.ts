/**
 * The reminders of a customer's account (docs/product/invoices.md): an invoice still owed that
 * falls due within the next few days (`INVOICE_DUE_SOON_DAYS`), and one whose due date has
 * passed, each recorded once as an event (`invoice.due_soon`, `invoice.overdue`) that the
 * notification dispatcher tells the customer's people of, by their own choices. A run finds every
 * invoice not yet reminded, so a day the job did not run is caught up, and a repeated run records
 * nothing new.
 */
import { and, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ensureQueue, polling } from '../jobs/queue';
import { addDays } from '../../shared/calendar-date';
import type { EventKind } from '../../shared/events';
import type { Db } from '../db/database';
import { events, invoices } from '../db/schema';
import { recordEvent } from '../events';
import type { BackgroundWork } from '../ops/lifecycle';

const ACTOR = { uid: 'system:invoice-reminders', staff: true } as const;

async function remind(
  db: Db,
  kind: Extract<EventKind, 'invoice.due_soon' | 'invoice.overdue'>,
  dueFrom: string | null,
  dueTo: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(invoices)
      .where(
        and(
          sql`${invoices.Status} in ('open', 'partly_paid')`,
          dueFrom === null ? sql`true` : sql`${invoices.DueDate} >= ${dueFrom}`,
          sql`${invoices.DueDate} <= ${dueTo}`,
          sql`not exists (select 1 from ${events} e where e.entity = 'invoices'
                and e.entity_id = ${invoices.Id}::text and e.kind = ${kind})`,
        ),
      )
      .for('update', { skipLocked: true });
    for (const invoice of found) {
      await recordEvent(
        tx,
        { ...ACTOR, customerId: invoice.CustomerId },
        {
          kind,
          entity: 'invoices',
          entityId: invoice.Id,
          action: 'update',
          data: {
            InvoiceId: invoice.Id,
            InvoiceNumber: invoice.InvoiceNumber,
            DueDate: invoice.DueDate,
            Open: invoice.Total - invoice.AmountPaid,
            Currency: invoice.Currency,
          },
        },
      );
    }
    return found.length;
  });
}

/** Records the reminders due as at `today`; answers how many of each. */
export async function recordInvoiceReminders(
  db: Db,
  today: string,
  dueSoonDays: number,
): Promise<{ dueSoon: number; overdue: number }> {
  // Overdue first: an invoice already past due is told so, not that it falls due soon.
  const overdue = await remind(db, 'invoice.overdue', null, addDays(today, -1));
  const dueSoon =
    dueSoonDays > 0 ? await remind(db, 'invoice.due_soon', today, addDays(today, dueSoonDays)) : 0;
  return { dueSoon, overdue };
}

export const INVOICE_REMINDERS_QUEUE = 'invoice-reminders';

/**
 * Runs every hour as a job of the queue's schedule (one replica does each run). Not at start: a
 * first run over a whole book records an event per owed invoice, which would make a starting
 * replica's first minutes the dispatcher's busiest; the schedule's next hour is soon enough.
 */
export async function startInvoiceReminders(
  boss: PgBoss,
  db: Db,
  {
    dueSoonDays,
    today,
    log,
  }: {
    dueSoonDays: number;
    today: () => string;
    log: (message: string, error: unknown) => void;
  },
): Promise<BackgroundWork> {
  await ensureQueue(boss, INVOICE_REMINDERS_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(INVOICE_REMINDERS_QUEUE, '17 * * * *');
  await boss.work(INVOICE_REMINDERS_QUEUE, polling(30), async () => {
    try {
      await recordInvoiceReminders(db, today(), dueSoonDays);
    } catch (error) {
      log('invoice reminders failed', error);
    }
  });
  return {
    name: 'invoice reminders',
    stop: () => boss.offWork(INVOICE_REMINDERS_QUEUE, { wait: true }),
  };
}
