/** `/app/order/$id`: actions, lines, production (staff) and the status history of an order. */
import { Stack, Title } from '@mantine/core';
import { canRecordProduction } from '../../../../shared/order-status';
import type { OrderDetail } from '../../../../shared/schemas/order';
import classes from '../orders.module.css';
import { useOrdering } from '../use-ordering';
import { OrderActions } from './order-actions';
import { OrderLinesTable } from './order-lines-table';
import { OrderTimeline } from './order-timeline';
import { ProductionForm } from './production-form';

export function OrderSummary({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor } = useOrdering();
  return (
    <Stack gap="lg">
      <OrderActions order={order} onReload={onReload} />
      <section aria-labelledby="order-lines">
        <Title order={2} size="h3" id="order-lines" mb="xs">
          Lines
        </Title>
        <OrderLinesTable lines={order.Lines} />
      </section>
      {actor === 'staff' && canRecordProduction(order.Status) && (
        <section aria-labelledby="order-production" className={classes.noPrint}>
          <Title order={2} size="h3" id="order-production" mb="xs">
            Record production
          </Title>
          <ProductionForm order={order} onReload={onReload} />
        </section>
      )}
      <section aria-labelledby="order-history">
        <Title order={2} size="h3" id="order-history" mb="xs">
          Status history
        </Title>
        <OrderTimeline history={order.History} />
      </section>
    </Stack>
  );
}
