/**
 * What a request asks and what it was answered, read-only: the quote's items (dimensions as
 * whole inches and fractions), the staff's prices, a contact message, an access request.
 * Tables become a card per row on a phone (the shared DataTable).
 */
import { DataList, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  AccessPayload,
  ContactPayload,
  QuoteAnswer,
  QuotePayload,
  RequestRow,
} from '../../../../shared/schemas/requests';
import { DECISION_LABELS } from '../request-format';
import {
  formatDate,
  formatDateTime,
  formatDimensions,
  formatMoney,
  formatQty,
} from '../../../../shared/format';
import classes from './requests.module.css';
import { DataTable } from '../../../ui/data-table';

/** One labelled fact of a `DataList` (a `dt`/`dd` pair). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

type QuoteLine = QuotePayload['Lines'][number];

export function QuoteItemsView({ payload }: { payload: QuotePayload }) {
  return (
    <Stack gap="sm">
      <DataTable<QuoteLine>
        caption="Items, sizes as length × width × height"
        minWidth={560}
        rows={payload.Lines}
        rowKey={(_, index) => index}
        columns={[
          { header: 'Item', cell: (line) => line.Description },
          { header: 'Material', cell: (line) => line.Material },
          { header: 'Size (L × W × H)', cell: formatDimensions, wide: true },
          {
            header: 'Quantities',
            cell: (line) => line.Quantities.map(formatQty).join(' · '),
          },
        ]}
      />
      <DataList size="sm" labelWidth={120}>
        <Fact label="Needed by">{formatDate(payload.NeededBy)}</Fact>
        {payload.Notes && <Fact label="Notes">{payload.Notes}</Fact>}
      </DataList>
    </Stack>
  );
}

/** One quantity break of an item, priced (or not yet). */
interface PriceBreak {
  line: QuoteLine;
  /** The item's first break: the others dim its name, so the eye groups them. */
  first: boolean;
  quantity: number;
  price: number | undefined;
}

/** The staff's prices: one row per quantity break of each item, with the line total. */
export function QuotePricesView({ payload, quote }: { payload: QuotePayload; quote: QuoteAnswer }) {
  const breaks: PriceBreak[] = payload.Lines.flatMap((line, i) =>
    line.Quantities.map((quantity, j) => ({
      line,
      first: j === 0,
      quantity,
      price: quote.Lines[i]?.UnitPrices[j],
    })),
  );
  return (
    <Stack gap="sm">
      <DataTable<PriceBreak>
        caption="Unit prices per quantity"
        minWidth={320}
        rows={breaks}
        rowKey={(_, index) => index}
        columns={[
          {
            header: 'Item',
            cell: ({ line, first }) =>
              first ? (
                line.Description
              ) : (
                <Text span c="dimmed" size="sm">
                  {line.Description}
                </Text>
              ),
          },
          { header: 'Quantity', cell: ({ quantity }) => formatQty(quantity), numeric: true },
          {
            header: 'Unit price',
            cell: ({ price }) => (price === undefined ? '—' : formatMoney(price)),
            numeric: true,
          },
          {
            header: 'Total',
            cell: ({ price, quantity }) =>
              price === undefined ? '—' : formatMoney(Math.round(price * quantity * 100) / 100),
            numeric: true,
          },
        ]}
      />
      <DataList size="sm" labelWidth={120}>
        <Fact label="Valid until">{formatDate(quote.ValidUntil)}</Fact>
        <Fact label="Quoted">{`${formatDateTime(quote.QuotedAt)} by ${quote.QuotedBy}`}</Fact>
        {quote.Note && <Fact label="Note">{quote.Note}</Fact>}
      </DataList>
    </Stack>
  );
}

export function ContactView({ payload }: { payload: ContactPayload }) {
  return (
    <Text className={classes.prewrap} size="sm">
      {payload.Message}
    </Text>
  );
}

export function AccessView({ payload, email }: { payload: AccessPayload; email: string }) {
  return (
    <DataList size="sm" labelWidth={120}>
      <Fact label="Name">{`${payload.FirstName} ${payload.LastName}`}</Fact>
      <Fact label="Email">{email}</Fact>
      <Fact label="Company">{payload.Company}</Fact>
      <Fact label="Phone">{payload.Phone || 'Not given'}</Fact>
      <Fact label="What for">
        <span className={classes.prewrap}>{payload.Details}</span>
      </Fact>
    </DataList>
  );
}

/** What a request asks, whatever its type. */
export function RequestContentView({ request }: { request: RequestRow }) {
  switch (request.Type) {
    case 'quote':
      return <QuoteItemsView payload={request.Payload} />;
    case 'contact':
      return <ContactView payload={request.Payload} />;
    case 'access':
      return <AccessView payload={request.Payload} email={request.RequesterEmail} />;
  }
}

/** The decision taken on a request, and why, if any. */
export function DecisionView({ request }: { request: RequestRow }) {
  if (request.Decision === null) return null;
  return (
    <DataList size="sm" labelWidth={120}>
      <Fact label="Decision">{DECISION_LABELS[request.Decision]}</Fact>
      {request.DecisionReason && <Fact label="Reason">{request.DecisionReason}</Fact>}
    </DataList>
  );
}
