/**
 * A request's activity timeline under its thread: when it was sent, each message, each move
 * staff or the requester made, and by whom (staff's marked as done on the customer's behalf).
 */
import { Stack, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { isCustomerRole } from '../../../../shared/roles';
import { useAuth } from '../../../auth/auth-context';
import { ActivityTimeline } from '../../../ui/activity-timeline';
import { useRequestActivity } from '../api/get-request-activity';

export function RequestActivity({ id, headingOrder }: { id: number; headingOrder: TitleOrder }) {
  const { user } = useAuth();
  // A buyer reads staff's actions as done on the company's behalf; staff (and a sign-up with no
  // portal user yet, who only ever sees their own request) read them plainly.
  const reader = user !== null && isCustomerRole(user.role.RoleName) ? 'buyer' : 'staff';
  const query = useRequestActivity(id);
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} id={titleId} size={headingOrder > 3 ? 'h5' : undefined}>
        Activity
      </Title>
      <ActivityTimeline query={query} reader={reader} label={`Activity of request ${id}`} />
    </Stack>
  );
}
