/**
 * An order that waits for approval (over its buyer's spending limit): says so, to each reader in
 * their own words, and offers the customer's approvers their decision: approve (it goes to the
 * plant) or reject with a reason the buyer reads. Nobody is offered a decision on their own
 * order; staff read it only. Two approvers deciding at once: the second is told it was decided.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatMinorUnits } from '../../../../shared/format';
import type { ApprovalDecision, OrderDetail } from '../../../../shared/schemas/order';
import { useCan } from '../../../auth/use-can';
import { useOrdering } from '../../../auth/use-ordering';
import { ActionFailureAlert } from '../../../ui/stale-record-alert';
import classes from '../../../ui/print.module.css';
import { useDecideApproval } from '../api/decide-approval';

function worth(order: OrderDetail): string {
  return order.OrderValue === null || order.Currency === null
    ? ''
    : `, worth ${formatMinorUnits(order.OrderValue, order.Currency)}`;
}

export function ApprovalPanel({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const { actor, uid } = useOrdering();
  const canApprove = useCan('order:approve');
  const decide = useDecideApproval();
  const [chosen, setChosen] = useState<ApprovalDecision | null>(null);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const own = order.CreatedByUid === uid;
  const placer = order.PlacedByName ?? 'the buyer';
  const waiting = order.Status === 'AwaitingApproval';
  const mayDecide = waiting && canApprove && actor !== 'staff' && !own;
  // Stays mounted once the order moved on, so the decision's notice and a failure still show.
  if (!waiting && !decide.isError) return null;

  const text =
    actor === 'staff'
      ? `Placed by ${placer}${worth(order)}, over their spending limit: one of ${order.CustomerName}’s approvers must approve it before the plant can confirm it.`
      : own
        ? `It is over your spending limit${worth(order)}: one of your company’s approvers must approve it. You may withdraw it meanwhile.`
        : mayDecide
          ? `Placed by ${placer}${worth(order)}, over their spending limit. Approve it to send it to the plant, or reject it saying why.`
          : `Placed by ${placer}${worth(order)}, over their spending limit: one of your company’s approvers must approve it.`;

  const confirm = () => {
    if (!chosen) return;
    if (chosen === 'reject' && reason.trim() === '') {
      setMissingReason(true);
      return;
    }
    decide.mutate(
      { orderId: order.Id, version: order.Version, decision: chosen, reason: reason.trim() },
      {
        onSuccess: (decided) =>
          notifications.show({
            color: 'teal',
            title: `Order ${decided.OrderNumber}`,
            message:
              chosen === 'approve'
                ? 'Approved: it went to the plant.'
                : 'Rejected: the buyer is told why.',
          }),
        onSettled: () => {
          setChosen(null);
          setReason('');
        },
      },
    );
  };

  return (
    <Stack gap="sm" className={classes.noPrint}>
      {waiting && (
        <Alert color="grape" variant="light" title="Awaiting approval" role="status">
          <Text size="sm">{text}</Text>
        </Alert>
      )}
      {decide.isError && (
        <ActionFailureAlert error={decide.error} onReset={decide.reset} onReload={onReload} />
      )}
      {mayDecide && (
        <Group gap="sm">
          <Button
            onClick={() => {
              decide.reset();
              setMissingReason(false);
              setChosen('approve');
            }}
          >
            Approve order
          </Button>
          <Button
            variant="outline"
            color="red"
            onClick={() => {
              decide.reset();
              setMissingReason(false);
              setChosen('reject');
            }}
          >
            Reject order
          </Button>
        </Group>
      )}
      <Modal
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title={`${chosen === 'reject' ? 'Reject' : 'Approve'} order ${order.OrderNumber}?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {chosen === 'reject'
              ? `The order is cancelled; ${placer} reads your reason.`
              : `The order goes to the plant as Submitted; ${placer} is told.`}
          </Text>
          <Textarea
            label={chosen === 'reject' ? 'Reason' : 'Note (optional)'}
            description={
              chosen === 'reject' ? 'The buyer reads it.' : 'Kept in the order’s history'
            }
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            error={missingReason ? 'Say why the order is rejected: the buyer reads it.' : undefined}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissingReason(false);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setChosen(null)}>
              Keep it waiting
            </Button>
            <Button
              color={chosen === 'reject' ? 'red' : undefined}
              loading={decide.isPending}
              onClick={confirm}
            >
              {chosen === 'reject' ? 'Reject order' : 'Approve order'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
