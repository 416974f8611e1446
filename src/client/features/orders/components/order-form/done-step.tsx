/** The order form's last step: the order was placed (a link to it) or waits in the outbox. */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { OrderDetail } from '../../../../../shared/schemas/order';
import type { Submitted } from '../../../../lib/use-outbox-form';
import { ButtonLink } from '../../../../ui/anchor-link';
import { formatCount, formatMinorUnits, formatUnits } from '../../../../../shared/format';
import { StepTitle } from '../../../../ui/step-title';

export function DoneStep({
  placed,
  onPlaceAnother,
}: {
  placed: Submitted<OrderDetail>;
  onPlaceAnother: () => void;
}) {
  const another = (
    <Button variant="default" onClick={onPlaceAnother}>
      Place another order
    </Button>
  );
  if (placed.queued) {
    return (
      <Paper withBorder p="lg" role="status">
        <Stack gap="md" align="flex-start">
          <StepTitle>Order queued</StepTitle>
          <Text>
            “{placed.label}” waits in the outbox on this device and is sent automatically once you
            have a connection. It appears in your orders when it reached the plant.
          </Text>
          <Group gap="sm">{another}</Group>
        </Stack>
      </Paper>
    );
  }
  const order = placed.answer;
  const what = `Your order for PO ${order.PoNumber} with ${formatCount(order.LineCount, 'line')} (${formatUnits(order.QtyOrdered)})`;
  const waits = order.Status === 'AwaitingApproval';
  return (
    <Paper withBorder p="lg" role="status">
      <Stack gap="md" align="flex-start">
        <StepTitle>
          Order {order.OrderNumber} {waits ? 'awaiting approval' : 'placed'}
        </StepTitle>
        <Text>
          {waits
            ? `${what} is over your spending limit${order.OrderValue !== null && order.Currency !== null ? ` (it is worth ${formatMinorUnits(order.OrderValue, order.Currency)})` : ''}: one of your company’s approvers must approve it before it goes to the plant. You are told of their decision.`
            : `${what} was submitted. The plant confirms it next; you can follow it on the order page.`}
        </Text>
        <Group gap="sm">
          <ButtonLink to="/app/order/$id" params={{ id: String(order.Id) }}>
            View order {order.OrderNumber}
          </ButtonLink>
          {another}
        </Group>
      </Stack>
    </Paper>
  );
}
