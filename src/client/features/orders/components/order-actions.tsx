/**
 * The status actions this person may take on the order (the shared machine decides which), each
 * confirmed in a dialog with an optional note. Staff confirming also promise each line a ship
 * date, the requested one unless they change it. A 412 says someone changed the order meanwhile.
 */
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import {
  ORDER_STATUS_LABELS,
  orderActionsFor,
  type Actor,
  type OrderAction,
} from '../../../../shared/order-status';
import type { OrderDetail } from '../../../../shared/schemas/order';
import { isCalendarDate } from '../../../../shared/calendar-date';
import { formatDate } from '../../../../shared/format';
import { useChangeOrderStatus } from '../api/change-order-status';
import { focusFirstInvalidIn } from '../../../lib/invalid-focus';
import classes from '../../../ui/print.module.css';
import { useOrdering } from '../../../auth/use-ordering';
import { useCan } from '../../../auth/use-can';
import { ActionFailureAlert } from '../../../ui/stale-record-alert';

/**
 * The moves this person may make: none without the right to order (a Viewer, an Approver alone:
 * an approver's decisions are the approval panel's); an order that waits for approval is
 * withdrawn only by the buyer who placed it.
 */
function movesFor(order: OrderDetail, actor: Actor, uid: string | null, canOrder: boolean) {
  if (!canOrder) return [];
  if (order.Status === 'AwaitingApproval' && order.CreatedByUid !== uid) return [];
  return orderActionsFor(order.Status, actor);
}

export function OrderActions({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor, uid } = useOrdering();
  const actions = movesFor(order, actor, uid, useCan('order:place'));
  const [chosen, setChosen] = useState<OrderAction | null>(null);
  const [note, setNote] = useState('');
  /** Staff confirming: the promised date typed per line id, the requested date to start with. */
  const [promised, setPromised] = useState<Record<number, string>>({});
  const [promiseErrors, setPromiseErrors] = useState<Record<number, string>>({});
  const dialog = useRef<HTMLDivElement>(null);
  const change = useChangeOrderStatus();
  const promising = chosen?.to === 'Confirmed' && actor === 'staff';

  if (actions.length === 0 && !change.isError) return null;

  const choose = (action: OrderAction) => {
    change.reset();
    setPromised(
      Object.fromEntries(
        order.Lines.map((line) => [
          line.Id,
          line.RequestedShipDate ?? order.RequestedShipDate ?? '',
        ]),
      ),
    );
    setPromiseErrors({});
    setChosen(action);
  };

  const confirm = (form: HTMLElement | null) => {
    if (!chosen) return;
    const typed = order.Lines.map((line) => ({ line, date: promised[line.Id] ?? '' }));
    if (promising) {
      const refused = Object.fromEntries(
        typed
          .filter(({ date }) => date !== '' && !isCalendarDate(date))
          .map(({ line }) => [line.Id, 'Enter a whole date, or leave it empty.']),
      );
      setPromiseErrors(refused);
      if (Object.keys(refused).length > 0) return focusFirstInvalidIn(form);
    }
    change.mutate(
      {
        orderId: order.Id,
        version: order.Version,
        status: chosen.to,
        note,
        ...(promising
          ? {
              promisedDates: typed
                .filter(({ date }) => date !== '')
                .map(({ line, date }) => ({ OrderLineId: line.Id, PromisedShipDate: date })),
            }
          : {}),
      },
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
              onClick={() => choose(action)}
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
        <Stack gap="md" ref={dialog}>
          <Text>
            The order moves from {ORDER_STATUS_LABELS[order.Status]} to{' '}
            {chosen ? ORDER_STATUS_LABELS[chosen.to] : ''}.
            {chosen?.to === 'Cancelled' && ' This cannot be undone.'}
          </Text>
          {promising && (
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm">
                Promised ship date per line
              </Text>
              <Text size="sm" c="dimmed">
                Each line starts at its requested date (the order's:{' '}
                {formatDate(order.RequestedShipDate)}). An empty date means the requested one.
              </Text>
              {order.Lines.map((line) => (
                <TextInput
                  key={line.Id}
                  type="date"
                  label={`Line ${line.LineNumber}, ${line.ItemNumber}`}
                  value={promised[line.Id] ?? ''}
                  error={promiseErrors[line.Id]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setPromised((current) => ({ ...current, [line.Id]: value }));
                  }}
                />
              ))}
            </Stack>
          )}
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
              onClick={() => confirm(dialog.current)}
            >
              {chosen?.label ?? ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
