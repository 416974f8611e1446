/**
 * Staff move one line's promised ship date, saying why: the reason goes into the order's history,
 * which the buyer reads. Field errors stay beside their field and what was typed is kept; a 412
 * (the line changed meanwhile) offers a reload.
 */
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrderDetail, OrderLineRow } from '../../../../shared/schemas/order';
import { isCalendarDate } from '../../../../shared/calendar-date';
import { formatDate } from '../../../../shared/format';
import { errorMessage, fieldErrors, isStale } from '../../../lib/api-errors';
import { focusFirstInvalidIn } from '../../../lib/invalid-focus';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { useChangePromisedDate } from '../api/change-promised-date';

export function PromisedDateDialog({
  order,
  line,
  onClose,
  onReload,
}: {
  order: OrderDetail;
  /** The line whose date changes; the dialog is closed when null. */
  line: OrderLineRow | null;
  onClose: () => void;
  onReload: () => void;
}) {
  return (
    <Modal
      opened={line !== null}
      onClose={onClose}
      title={line ? `Promised date of line ${line.LineNumber}, ${line.ItemNumber}` : ''}
    >
      {line && (
        // Keyed by line and version: another line, or a reload, starts the form afresh.
        <PromisedDateForm
          key={`${line.Id}:${line.Version}`}
          order={order}
          line={line}
          onDone={onClose}
          onReload={onReload}
        />
      )}
    </Modal>
  );
}

function PromisedDateForm({
  order,
  line,
  onDone,
  onReload,
}: {
  order: OrderDetail;
  line: OrderLineRow;
  onDone: () => void;
  onReload: () => void;
}) {
  const [date, setDate] = useState(line.PromisedShipDate ?? order.RequestedShipDate ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const save = useChangePromisedDate();

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!isCalendarDate(date)) found.PromisedShipDate = 'Enter the new promised date.';
    else if (date === line.PromisedShipDate) found.PromisedShipDate = 'Choose a different date.';
    if (!reason.trim()) found.Reason = 'Say why the date changes.';
    return found;
  };

  const submit = (form: HTMLFormElement) => {
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return focusFirstInvalidIn(form);
    save.mutate(
      {
        orderId: order.Id,
        lineId: line.Id,
        version: line.Version,
        promisedShipDate: date,
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: `Line ${line.LineNumber} promised for ${formatDate(date)}`,
            message: 'The change and its reason are in the order history.',
          });
          onDone();
        },
        onError: (error) => {
          if (isStale(error)) return setStale(true);
          const fields = fieldErrors(error);
          if (Object.keys(fields).length > 0) {
            setErrors({ ...fields });
            focusFirstInvalidIn(form);
          } else setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <Stack gap="md">
        {stale && <StaleRecordAlert kind="action" onReload={onReload} />}
        {failure && (
          <Text c="red" role="alert">
            {failure}
          </Text>
        )}
        <Text size="sm">
          Now promised for {formatDate(line.PromisedShipDate)}; requested for{' '}
          {formatDate(order.RequestedShipDate)}.
        </Text>
        <TextInput
          type="date"
          label="New promised ship date"
          required
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.PromisedShipDate}
        />
        <Textarea
          label="Reason"
          description="The buyer sees it in the order's history"
          required
          maxLength={300}
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.Reason}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Keep the date
          </Button>
          <Button type="submit" loading={save.isPending}>
            Change the date
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
