/**
 * Release on-hand inventory for shipment: a quantity per line (never more than is on hand there)
 * and the date to ship. Checked here with the shared schema and the on-hand figures, and again by
 * the server, whose answer (someone released meanwhile) lands beside the line it concerns.
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  localToday,
  releaseCreateSchema,
  type OrderDetail,
  type ReleaseCreateInput,
} from '../../../../shared/schemas/order';
import { useCreateRelease } from '../api/create-release';
import { errorMessage, fieldErrors } from '../errors';
import { formatQty } from '../format';
import { useIdempotencyKeys } from '../idempotency';

interface ReleaseValues {
  RequestedShipDate: string;
  /** Quantity to release by order line id; '' for none. */
  Qty: Record<string, number | ''>;
}

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return localToday(date);
}

/** The request the form's values make: the lines with a quantity, in the order's line order. */
function toRequest(order: OrderDetail, values: ReleaseValues) {
  const lines = order.Lines.filter((l) => {
    const qty = values.Qty[String(l.Id)];
    return qty !== '' && qty !== undefined && qty !== 0;
  });
  const input: ReleaseCreateInput = {
    RequestedShipDate: values.RequestedShipDate,
    Lines: lines.map((l) => ({ OrderLineId: l.Id, Qty: values.Qty[String(l.Id)] as number })),
  };
  return { input, lines };
}

export function ReleaseForm({ order }: { order: OrderDetail }) {
  const onHandLines = order.Lines.filter((l) => l.QtyOnHand > 0);
  const create = useCreateRelease();
  const keys = useIdempotencyKeys();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReleaseValues>({
    mode: 'controlled',
    initialValues: {
      RequestedShipDate: tomorrow(),
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

  if (onHandLines.length === 0) {
    return (
      <Text role="status">
        Nothing is on hand to release right now. Inventory can be released once it is produced.
      </Text>
    );
  }

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const { input, lines } = toRequest(order, values);
    create.mutate(
      { orderId: order.Id, input, idempotencyKey: keys.keyFor(input) },
      {
        onSuccess: (created) => {
          keys.reset();
          form.setValues({ Qty: Object.fromEntries(onHandLines.map((l) => [String(l.Id), ''])) });
          notifications.show({
            color: 'teal',
            title: 'Released for shipment',
            message: `${formatQty(created.reduce((sum, r) => sum + r.Qty, 0))} units on ${created.length} line${created.length === 1 ? '' : 's'}, requested for ${values.RequestedShipDate}.`,
          });
        },
        onError: (error) => {
          // The server names lines by their place in the request; the form by line id.
          const fields = fieldErrors(error);
          const errors: Record<string, string> = {};
          for (const [path, message] of Object.entries(fields)) {
            const match = /^Lines\.(\d+)\.Qty$/.exec(path);
            const line = match ? lines[Number(match[1])] : undefined;
            if (line) errors[`Qty.${line.Id}`] = message;
            else if (path === 'RequestedShipDate') errors.RequestedShipDate = message;
          }
          form.setErrors(errors);
          setFailure(errorMessage(error));
        },
      },
    );
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Release inventory">
        <Stack gap="md">
          <Text>
            Enter how many to release on each line; leave a line empty to release none of it.
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Nothing was released">
              {failure}
            </Alert>
          )}
          {onHandLines.map((line) => (
            <NumberInput
              key={line.Id}
              label={`Release, line ${line.LineNumber} ${line.ItemNumber}`}
              description={`${formatQty(line.QtyOnHand)} on hand · ${line.Description}`}
              min={1}
              max={line.QtyOnHand}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
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
            <Button type="submit" loading={create.isPending}>
              Release for shipment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
