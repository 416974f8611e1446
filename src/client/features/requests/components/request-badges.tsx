/** The status and type of a request as badges: text, not colour alone, carries the meaning. */
import { Badge } from '@mantine/core';
import { STATUS_LABELS } from '../../../../shared/request-status';
import type { RequestStatus, RequestType } from '../../../../shared/status';
import { TYPE_LABELS } from '../request-format';

const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  in_review: 'grape',
  answered: 'teal',
  closed: 'gray',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function TypeBadge({ type }: { type: RequestType }) {
  return (
    <Badge color="gray" variant="outline">
      {TYPE_LABELS[type]}
    </Badge>
  );
}
