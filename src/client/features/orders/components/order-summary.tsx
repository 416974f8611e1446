/**
 * `/app/order/$id`: actions, lines, production (staff), the status history of an order, and its
 * activity: everything done to it, its releases and shipments, and by whom.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { canChangePromisedDate, canRecordProduction } from '../../../../shared/order-status';
import type { OrderDetail, OrderLineRow } from '../../../../shared/schemas/order';
import classes from '../../../ui/print.module.css';
import { useOrdering } from '../../../auth/use-ordering';
import { useCan } from '../../../auth/use-can';
import { ApprovalPanel } from './approval-panel';
import { OrderActions } from './order-actions';
import { OrderAgainButton } from './order-again-button';
import { OrderLinesTable } from './order-lines-table';
import { OrderTimeline } from './order-timeline';
import { ProductionForm } from './production-form';
import { PromisedDateDialog } from './promised-date-dialog';
import { TitledSection } from '../../../ui/titled-section';
import { ActivityTimeline } from '../../../ui/activity-timeline';
import { useOrderActivity } from '../api/get-order-activity';

export function OrderSummary({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor, customerId } = useOrdering();
  const canOrder = useCan('order:place');
  const activity = useOrderActivity(customerId, order.Id);
  const [promising, setPromising] = useState<OrderLineRow | null>(null);
  const mayPromise = actor === 'staff' && canChangePromisedDate(order.Status);
  return (
    <Stack gap="lg">
      <ApprovalPanel order={order} onReload={onReload} />
      <OrderActions order={order} onReload={onReload} />
      {canOrder && <OrderAgainButton order={order} />}
      <TitledSection id="order-lines" title="Lines">
        <OrderLinesTable
          lines={order.Lines}
          requestedShipDate={order.RequestedShipDate}
          onChangePromise={mayPromise ? setPromising : undefined}
        />
        <PromisedDateDialog
          order={order}
          line={promising}
          onClose={() => setPromising(null)}
          onReload={() => {
            setPromising(null);
            onReload();
          }}
        />
      </TitledSection>
      {actor === 'staff' && canRecordProduction(order.Status) && (
        <TitledSection id="order-production" title="Record production" className={classes.noPrint}>
          <ProductionForm order={order} onReload={onReload} />
        </TitledSection>
      )}
      <TitledSection id="order-history" title="Status history">
        <OrderTimeline history={order.History} />
      </TitledSection>
      <TitledSection id="order-activity" title="Activity">
        <ActivityTimeline
          query={activity}
          reader={actor === 'staff' ? 'staff' : 'buyer'}
          label={`Activity of order ${order.OrderNumber}`}
        />
      </TitledSection>
    </Stack>
  );
}
