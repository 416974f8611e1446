/**
 * Release on-hand inventory for shipment: a quantity per line (never more than is on hand there)
 * and the date to ship. Checked here with the shared schema and the on-hand figures, and again by
 * the server, whose answer (someone released meanwhile) lands beside the line it concerns.
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { addDays, localToday } from '../../../../shared/calendar-date';
import {
  releaseCreateSchema,
  type OrderDetail,
  type ReleaseCreateInput,
} from '../../../../shared/schemas/order';
import { DraftNotice } from '../../../ui/draft-notice';
import { NumberField } from '../../../ui/number-field';
import { createRelease } from '../api/create-release';
import { errorMessage } from '../../../lib/api-errors';
import {
  formatCount,
  formatDate,
  formatQty,
  formatReleaseNumber,
  formatUnits,
} from '../../../../shared/format';
import { useOrdering } from '../../../auth/use-ordering';
import { useOutboxForm } from '../../../lib/use-outbox-form';

interface ReleaseValues {
  RequestedShipDate: string;
  /** Quantity to release by order line id, as typed; '' for none. */
  Qty: Record<string, number | string>;
}

/** The units a release asks for, in words: `12 units`. */
const unitsOf = (input: ReleaseCreateInput) =>
  formatUnits(input.Lines.reduce((sum, l) => sum + l.Qty, 0));

/**
 * The request the form's values make: the lines on hand with a quantity, in the order's line
 * order (a restored draft may name a line that has nothing on hand any more).
 */
function toRequest(order: OrderDetail, values: ReleaseValues) {
  const lines = order.Lines.filter((l) => {
    if (l.QtyOnHand <= 0) return false;
    const qty = values.Qty[String(l.Id)];
    // A 0 is sent to the schema, which refuses it: only an empty field means "none of it".
    return qty !== '' && qty !== undefined;
  });
  const input: ReleaseCreateInput = {
    RequestedShipDate: values.RequestedShipDate,
    Lines: lines.map((l) => ({ OrderLineId: l.Id, Qty: values.Qty[String(l.Id)] as number })),
  };
  return { input, lines };
}

export function ReleaseForm({ order }: { order: OrderDetail }) {
  const onHandLines = order.Lines.filter((l) => l.QtyOnHand > 0);
  const { uid, customerId } = useOrdering();
  const form = useForm<ReleaseValues>({
    mode: 'controlled',
    initialValues: {
      RequestedShipDate: addDays(localToday(), 1),
      Qty: Object.fromEntries(onHandLines.map((l) => [String(l.Id), ''])),
    },
    validate: (values) => {
      const { input, lines } = toRequest(order, values);
      const errors: Record<string, string> = {};
      const parsed = releaseCreateSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [field, index, sub] = issue.path;
          if (field === 'RequestedShipDate') errors.RequestedShipDate ??= issue.message;
          else if (field === 'Lines' && typeof index === 'number' && sub === 'Qty') {
            errors[`Qty.${lines[index]!.Id}`] ??= issue.message;
          } else if (field === 'Lines') errors.Lines ??= issue.message;
        }
      }
      for (const line of lines) {
        const qty = values.Qty[String(line.Id)] as number;
        if (qty > line.QtyOnHand)
          errors[`Qty.${line.Id}`] ??= `Only ${formatQty(line.QtyOnHand)} on hand.`;
      }
      return errors;
    },
  });
  const outbox = useOutboxForm({
    form,
    uid,
    draftName: `release:${order.Id}`,
    page: `/app/order/${order.Id}/release`,
    create: (values) => {
      const { input, lines } = toRequest(order, values);
      return {
        ...createRelease({ orderId: order.Id, orderNumber: order.OrderNumber, input, customerId }),
        // The server names lines by their place in the request; the form by line id.
        fieldMap: Object.fromEntries(lines.map((l, i) => [`Lines.${i}.Qty`, `Qty.${l.Id}`])),
      };
    },
    notice: {
      queued: (input) => ({
        title: 'Release queued',
        message: `${unitsOf(input)} wait in the outbox and are released when you are back online.`,
      }),
      sent: (releases, input) => ({
        title: 'Released for shipment',
        message: `${releases.map((r) => formatReleaseNumber(r.OrderNumber, r.Sequence)).join(', ')}: ${unitsOf(input)} on ${formatCount(releases.length, 'line')}, requested for ${formatDate(input.RequestedShipDate)}.`,
      }),
    },
  });
  const failure = outbox.failure === null ? null : errorMessage(outbox.failure);

  if (onHandLines.length === 0) {
    return (
      <Stack gap="sm">
        <DraftNotice draft={outbox.draft} />
        <Text role="status">
          Nothing is on hand to release right now. Inventory can be released once it is produced.
        </Text>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={outbox.submit} noValidate aria-label="Release inventory">
        <Stack gap="md">
          <Text>
            Enter how many to release on each line; leave a line empty to release none of it.
          </Text>
          <DraftNotice draft={outbox.draft} />
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Nothing was released">
              {failure}
            </Alert>
          )}
          {onHandLines.map((line) => (
            <NumberField
              key={line.Id}
              label={`Release, line ${line.LineNumber} ${line.ItemNumber}`}
              description={`${formatQty(line.QtyOnHand)} on hand · ${line.Description}`}
              min={1}
              max={line.QtyOnHand}
              maw={420}
              {...form.getInputProps(`Qty.${line.Id}`)}
            />
          ))}
          <TextInput
            type="date"
            label="Requested ship date"
            min={localToday()}
            maw={220}
            {...form.getInputProps('RequestedShipDate')}
          />
          {typeof form.errors.Lines === 'string' && (
            <Text c="red" size="sm" role="alert">
              {form.errors.Lines}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={outbox.sending}>
              Release for shipment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
