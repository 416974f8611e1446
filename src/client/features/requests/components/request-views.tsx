/**
 * What a request asks and what it was answered, read-only: the quote's items (dimensions as
 * whole inches and fractions), the staff's prices, a contact message, an access request.
 * Tables scroll sideways on a phone with the item column kept in view.
 */
import { DataList, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
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
import { TableScroll } from '../../../ui/table-scroll';

/** One labelled fact of a `DataList` (a `dt`/`dd` pair). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export function QuoteItemsView({ payload }: { payload: QuotePayload }) {
  return (
    <Stack gap="sm">
      <TableScroll label="Items" minWidth={560}>
        <Table verticalSpacing="xs" className={classes.stickyFirst}>
          <VisuallyHidden component="caption">
            Items, sizes as length × width × height
          </VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col">Material</Table.Th>
              <Table.Th scope="col">Size (L × W × H)</Table.Th>
              <Table.Th scope="col">Quantities</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payload.Lines.map((line, i) => (
              <Table.Tr key={i}>
                <Table.Th scope="row">{line.Description}</Table.Th>
                <Table.Td>{line.Material}</Table.Td>
                <Table.Td>{formatDimensions(line)}</Table.Td>
                <Table.Td>{line.Quantities.map(formatQty).join(' · ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <DataList size="sm" labelWidth={120}>
        <Fact label="Needed by">{formatDate(payload.NeededBy)}</Fact>
        {payload.Notes && <Fact label="Notes">{payload.Notes}</Fact>}
      </DataList>
    </Stack>
  );
}

/** The staff's prices: one row per quantity break of each item, with the line total. */
export function QuotePricesView({ payload, quote }: { payload: QuotePayload; quote: QuoteAnswer }) {
  return (
    <Stack gap="sm">
      <TableScroll label="Unit prices per quantity" minWidth={320}>
        <Table verticalSpacing="xs" className={classes.stickyFirst}>
          <VisuallyHidden component="caption">Unit prices per quantity</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" ta="right">
                Quantity
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Unit price
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payload.Lines.flatMap((line, i) =>
              line.Quantities.map((quantity, j) => {
                const price = quote.Lines[i]?.UnitPrices[j];
                return (
                  <Table.Tr key={`${i}-${j}`}>
                    <Table.Th scope="row">
                      {j === 0 ? (
                        line.Description
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {line.Description}
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td ta="right">{formatQty(quantity)}</Table.Td>
                    <Table.Td ta="right">{price === undefined ? '—' : formatMoney(price)}</Table.Td>
                    <Table.Td ta="right">
                      {price === undefined
                        ? '—'
                        : formatMoney(Math.round(price * quantity * 100) / 100)}
                    </Table.Td>
                  </Table.Tr>
                );
              }),
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
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
