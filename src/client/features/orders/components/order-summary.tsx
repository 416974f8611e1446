/** `/app/order/$id`: actions, lines, production (staff) and the status history of an order. */
import { Stack } from '@mantine/core';
import { canRecordProduction } from '../../../../shared/order-status';
import type { OrderDetail } from '../../../../shared/schemas/order';
import classes from '../orders.module.css';
import { useOrdering } from '../use-ordering';
import { OrderActions } from './order-actions';
import { OrderAgainButton } from './order-again-button';
import { OrderLinesTable } from './order-lines-table';
import { OrderTimeline } from './order-timeline';
import { ProductionForm } from './production-form';
import { TitledSection } from '../../../ui/titled-section';

export function OrderSummary({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor } = useOrdering();
  return (
    <Stack gap="lg">
      <OrderActions order={order} onReload={onReload} />
      <OrderAgainButton order={order} />
      <TitledSection id="order-lines" title="Lines">
        <OrderLinesTable lines={order.Lines} />
      </TitledSection>
      {actor === 'staff' && canRecordProduction(order.Status) && (
        <TitledSection id="order-production" title="Record production" className={classes.noPrint}>
          <ProductionForm order={order} onReload={onReload} />
        </TitledSection>
      )}
      <TitledSection id="order-history" title="Status history">
        <OrderTimeline history={order.History} />
      </TitledSection>
    </Stack>
  );
}
