/**
 * `/app/order/$id`: actions, lines, production (staff), and the order's one timeline: every status
 * it moved to, every promise, release and shipment, and by whom. (The order's status history is
 * in that stream already, so it is not told a second time.)
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { canChangePromisedDate, canRecordProduction } from '../../../../shared/order-status';
import type { OrderDetail, OrderLineRow } from '../../../../shared/schemas/order';
import classes from '../../../ui/print.module.css';
import { useOrdering } from '../../../auth/use-ordering';
import { ApprovalPanel } from './approval-panel';
import { OrderActions } from './order-actions';
import { OrderLinesTable } from './order-lines-table';
import { ProductionForm } from './production-form';
import { PromisedDateDialog } from './promised-date-dialog';
import { TitledSection } from '../../../ui/titled-section';
import { ActivityTimeline } from '../../../ui/activity-timeline';
import { useOrderActivity } from '../api/get-order-activity';

export function OrderSummary({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor, customerId } = useOrdering();
  const activity = useOrderActivity(customerId, order.Id);
  const [promising, setPromising] = useState<OrderLineRow | null>(null);
  const mayPromise = actor === 'staff' && canChangePromisedDate(order.Status);
  return (
    <Stack gap="lg">
      <ApprovalPanel order={order} onReload={onReload} />
      <OrderActions order={order} onReload={onReload} />
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
      <TitledSection id="order-activity" title="Timeline">
        <ActivityTimeline
          query={activity}
          reader={actor === 'staff' ? 'staff' : 'buyer'}
          label={`Activity of order ${order.OrderNumber}`}
        />
      </TitledSection>
    </Stack>
  );
}
