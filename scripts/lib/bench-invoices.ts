/**
 * The statement of account's figures for `npm run bench`, on one database already seeded with the
 * demo data (DATABASE_URL, or PGlite in DATA_DIR), in a process of its own like bench-api.ts:
 *
 * - ACME is given 100,000 invoices over a thousand days and a payment for 95% of them (raw SQL, as
 *   a generated book), then the statement of a week at the end with its aging, as ACME's buyer:
 *   p50 and p99 of sequential requests from another process (bench-load.ts), beside the raw SQL
 *   of the statements that request ran, replayed through the driver;
 * - a statement PDF of 1,000 lines: p50 and p99 of drawing it in this process, and one request of
 *   it through the API (the documents' budget of 120 in ten minutes allows no more).
 *
 * Writes `BenchInvoicesResult` (JSON) to BENCH_RESULT_FILE. Judges nothing.
 */
import type pg from 'pg';
import { execSql, recordStatements, runSql, runStatement } from './statement-recorder';
import { renderStatementPdf } from '../../src/server/invoices/documents';
import type { Statement } from '../../src/shared/schemas/invoice';
import {
  BENCH_REQUESTS as REQUESTS,
  BENCH_WARMUP_SECONDS as WARMUP_SECONDS,
  latencyOf,
  startApi,
} from './bench-client';
import { partMain } from './bench-part';
import { timeSequential, type Percentiles } from './bench-timing';

export interface BenchInvoicesResult {
  invoices: number;
  payments: number;
  statementLines: number;
  statementApi: Percentiles;
  statementSql: Percentiles;
  statementStatements: number;
  pdfLines: number;
  pdfDraw: Percentiles;
  pdfApiMs: number;
  pdfKb: number;
}

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const AS_OF = '2026-09-26';
const FROM = '2026-09-20';

/** ACME's generated book: invoices over a thousand days, 95% of them paid twenty days later. */
async function fillBook(pool: pg.Pool | null): Promise<{ invoices: number; payments: number }> {
  const statements = [
    `insert into invoices (customer_id, external_id, invoice_number, invoice_date, due_date,
        payment_terms, currency, subtotal, tax, total, amount_paid, status)
      select c.id, 'BENCH-INV-' || g, 'BI-' || g, date '2024-01-01' + (g % 1000),
        date '2024-01-01' + (g % 1000) + 30, 'Net 30', c.currency, 10000, 700, 10700,
        case when g % 20 = 0 then 0 else 10700 end,
        case when g % 20 = 0 then 'open' else 'paid' end
      from customers c, generate_series(1, ${INVOICES}) as g where c.customer_code = 'ACME'`,
    `with paid as (
        select id, customer_id, invoice_date, currency from invoices
        where external_id like 'BENCH-INV-%' and status = 'paid'),
      pay as (
        insert into payments (customer_id, external_id, payment_date, currency, amount, reference)
        select customer_id, 'BENCH-PAY-' || id, invoice_date + 20, currency, 10700, 'ACH ' || id
        from paid returning id, external_id)
      insert into payment_applications (payment_id, invoice_id, amount)
      select pay.id, substr(pay.external_id, 11)::int, 10700 from pay`,
    'analyze invoices',
    'analyze payments',
    'analyze payment_applications',
  ];
  for (const statement of statements) await execSql(pool, statement);
  const count = async (table: string) =>
    ((await runSql(pool, `select count(*)::int as n from ${table}`)).rows as [{ n: number }])[0].n;
  return { invoices: await count('invoices'), payments: await count('payments') };
}

/** A statement of `n` lines, alternating invoices and payments, for the drawing's figures. */
function statementOfLines(n: number): Statement {
  let balance = 500_000;
  const lines = Array.from({ length: n }, (_, i) => {
    const invoice = i % 2 === 0;
    const amount = invoice ? 10_700 : -10_700;
    balance += amount;
    return {
      Kind: invoice ? ('invoice' as const) : ('payment' as const),
      Date: `2026-09-${String(1 + (i % 28)).padStart(2, '0')}`,
      Document: invoice ? `BI-${i}` : `ACH ${i}`,
      Id: i + 1,
      Amount: amount,
      Balance: balance,
      DueDate: invoice ? '2026-10-30' : null,
    };
  });
  return {
    CustomerName: 'Acme Packaging',
    Currency: 'USD',
    From: '2026-09-01',
    AsOf: '2026-09-30',
    OpeningBalance: 500_000,
    Lines: lines,
    ClosingBalance: balance,
    Aging: {
      current: balance,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      Total: balance,
    },
  };
}

async function main(): Promise<BenchInvoicesResult> {
  const api = await startApi();
  const { base, pool } = api;
  try {
    const buyer = await api.signIn('buyer@acme.test');
    // One request first, so PGlite's instance is known to the raw SQL below.
    await fetch(`${base}/api/db/invoices/account`, {
      headers: { Authorization: `Bearer ${buyer}` },
    });
    const book = await fillBook(pool);
    const path = `/api/db/statement?asOf=${AS_OF}&from=${FROM}`;

    let statementLines = 0;
    // The statements of the statement itself: the caller's row is read from a prepared
    // statement that the shortest recording (a warm one) shares with every request.
    const statements = await recordStatements(async () => {
      const res = await fetch(base + path, { headers: { Authorization: `Bearer ${buyer}` } });
      if (!res.ok) throw new Error(`statement: ${res.status} ${await res.text()}`);
      statementLines = ((await res.json()) as { data: [Statement] }).data[0].Lines.length;
    });
    const statementApi = await latencyOf(base + path, buyer);
    const statementSql = await timeSequential(
      async () => {
        for (const s of statements) await runStatement(pool, s);
      },
      { times: REQUESTS, warmupSeconds: WARMUP_SECONDS },
    );

    const thousand = statementOfLines(1_000);
    let pdfBytes = 0;
    const pdfDraw = await timeSequential(
      async () => {
        pdfBytes = (await renderStatementPdf(thousand)).byteLength;
      },
      { times: 20, warmupSeconds: 1 },
    );
    const pdfStarted = performance.now();
    const pdfRes = await fetch(`${base}/api/db/statement/pdf?asOf=2026-09-30&from=2026-09-26`, {
      headers: { Authorization: `Bearer ${buyer}` },
    });
    if (!pdfRes.ok) throw new Error(`statement PDF: ${pdfRes.status}`);
    await pdfRes.arrayBuffer();
    const pdfApiMs = Math.round(performance.now() - pdfStarted);

    return {
      ...book,
      statementLines,
      statementApi,
      statementSql,
      statementStatements: statements.length,
      pdfLines: thousand.Lines.length,
      pdfDraw,
      pdfApiMs,
      pdfKb: Math.round(pdfBytes / 100) / 10,
    };
  } finally {
    await api.stop();
  }
}

partMain(main);
