/**
 * The status actions this person may take on the order (the shared machine decides which), each
 * confirmed in a dialog with an optional note. A 412 says someone changed the order meanwhile.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  ORDER_STATUS_LABELS,
  orderActionsFor,
  type OrderAction,
} from '../../../../shared/order-status';
import type { OrderDetail } from '../../../../shared/schemas/order';
import { useChangeOrderStatus } from '../api/change-order-status';
import classes from '../orders.module.css';
import { useOrdering } from '../use-ordering';
import { ActionFailureAlert } from '../../../ui/stale-record-alert';

export function OrderActions({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor } = useOrdering();
  const actions = orderActionsFor(order.Status, actor);
  const [chosen, setChosen] = useState<OrderAction | null>(null);
  const [note, setNote] = useState('');
  const change = useChangeOrderStatus();

  if (actions.length === 0 && !change.isError) return null;

  const confirm = () => {
    if (!chosen) return;
    change.mutate(
      { orderId: order.Id, version: order.Version, status: chosen.to, note },
      {
        onSuccess: (updated) => {
          notifications.show({
            color: 'teal',
            title: `Order ${updated.OrderNumber}`,
            message: `Now ${ORDER_STATUS_LABELS[updated.Status]}.`,
          });
        },
        onSettled: () => {
          setChosen(null);
          setNote('');
        },
      },
    );
  };

  return (
    <Stack gap="sm" className={classes.noPrint}>
      {change.isError && (
        <ActionFailureAlert error={change.error} onReset={change.reset} onReload={onReload} />
      )}
      {actions.length > 0 && (
        <Group gap="sm">
          {actions.map((action) => (
            <Button
              key={action.to}
              variant={action.to === 'Cancelled' ? 'outline' : 'filled'}
              color={action.to === 'Cancelled' ? 'red' : undefined}
              onClick={() => {
                change.reset();
                setChosen(action);
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      <Modal
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title={chosen ? `${chosen.label} ${order.OrderNumber}?` : ''}
      >
        <Stack gap="md">
          <Text>
            The order moves from {ORDER_STATUS_LABELS[order.Status]} to{' '}
            {chosen ? ORDER_STATUS_LABELS[chosen.to] : ''}.
            {chosen?.to === 'Cancelled' && ' This cannot be undone.'}
          </Text>
          <Textarea
            label="Note (optional)"
            description="Kept in the order's history"
            maxLength={500}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setChosen(null)}>
              Keep as it is
            </Button>
            <Button
              color={chosen?.to === 'Cancelled' ? 'red' : undefined}
              loading={change.isPending}
              onClick={confirm}
            >
              {chosen?.label ?? ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
