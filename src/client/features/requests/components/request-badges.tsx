/** A request's status, type and requester's address as badges: text, not colour alone, carries the meaning. */
import { Badge } from '@mantine/core';
import { STATUS_LABELS } from '../../../../shared/request-status';
import type { RequestStatus, RequestType } from '../../../../shared/status';
import { TYPE_LABELS } from '../request-format';

/** Dark shades under white text: at least 4.5:1 in both themes, for badge-sized text. */
const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue.8',
  in_review: 'grape.8',
  answered: 'teal.9',
  closed: 'gray.7',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function RequestTypeBadge({ type }: { type: RequestType }) {
  return <Badge variant="default">{TYPE_LABELS[type]}</Badge>;
}

/**
 * Beside a requester whose address was never proven (decision 016): anyone can sign up with any
 * address, so staff do not take it as proof of who is asking.
 */
export function UnverifiedEmailBadge() {
  return (
    <Badge color="red.9" variant="filled" title="The person has not proven they own this address">
      Email not verified
    </Badge>
  );
}
