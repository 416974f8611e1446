/**
 * Staff decide on an access request: approve with a role (and, for a buyer, its customer), which
 * creates the person's portal user; or reject with a reason the person reads.
 */
import { Button, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type ReactNode } from 'react';
import { ROLES, ROLE_LIST } from '../../../../shared/roles';
import { approveAccessSchema, rejectAccessSchema } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { focusFirstInvalidIn } from '../../../lib/invalid-focus';
import { useRequestAction } from '../api/request-actions';
import { ActionError } from './action-error';
import type { CustomerSlot } from '../../../ui/customer-slot';

const issuesOf = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));

export function AccessDecisionForm({
  requestId,
  version,
  name,
  company,
  emailVerified,
  customerField,
  onReload,
}: {
  requestId: number;
  version: number;
  /** The person's name, for the buttons' words. */
  name: string;
  /** The company the person named: the customer to create if it is not one yet. */
  company: string;
  /** Whether the person has proven the address; only then may they be approved (decision 016). */
  emailVerified: boolean;
  customerField: CustomerSlot;
  onReload: () => void;
}) {
  const approve = useRequestAction('approve');
  const reject = useRequestAction('reject');
  const [roleId, setRoleId] = useState<number>(ROLES.Customer.RoleId);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrorState] = useState<Record<string, string>>({});
  const root = useRef<HTMLDivElement>(null);
  /** Shows the messages beside their fields, and takes the person to the first of them. */
  const setErrors = (next: Record<string, string>) => {
    setErrorState(next);
    focusFirstInvalidIn(root.current);
  };
  const buyer = roleId === ROLES.Customer.RoleId;

  const onApprove = async () => {
    const body = { RoleId: roleId, ...(buyer ? { CustomerId: customerId } : {}) };
    const parsed = approveAccessSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrorState({});
    try {
      await approve.mutateAsync({ id: requestId, version, body: parsed.data });
      notifications.show({ color: 'teal', message: `${name} can now sign in to the portal.` });
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  const onReject = async () => {
    const parsed = rejectAccessSchema.safeParse({ Reason: reason });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrorState({});
    try {
      await reject.mutateAsync({ id: requestId, version, body: parsed.data });
      notifications.show({ message: `The request was rejected; ${name} sees your reason.` });
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  return (
    <Stack gap="lg" ref={root}>
      <ActionError error={approve.error ?? reject.error} onReload={onReload} />
      <DecisionSection id="approve-title" title="Approve">
        <NativeSelect
          label="Role"
          value={String(roleId)}
          data={ROLE_LIST.map((role) => ({ value: String(role.RoleId), label: role.RoleName }))}
          onChange={(event) => setRoleId(Number(event.currentTarget.value))}
          error={errors.RoleId}
          maw={360}
        />
        {buyer &&
          customerField({
            value: customerId,
            onChange: setCustomerId,
            error: errors.CustomerId,
            suggestedName: company,
          })}
        {!emailVerified && (
          <Text size="sm" id="approve-blocked">
            {name} has not confirmed this email address yet. You can approve the request once they
            have followed the link in the email the portal sent them; reload this request to check
            again.
          </Text>
        )}
        <Group>
          <Button
            loading={approve.isPending}
            disabled={!emailVerified}
            aria-describedby={emailVerified ? undefined : 'approve-blocked'}
            onClick={() => void onApprove()}
          >
            Approve access
          </Button>
        </Group>
      </DecisionSection>
      <DecisionSection id="reject-title" title="Reject">
        <Textarea
          label="Reason"
          description="The person reads this when they sign in."
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.Reason}
        />
        <Group>
          <Button variant="outline" loading={reject.isPending} onClick={() => void onReject()}>
            Reject request
          </Button>
        </Group>
      </DecisionSection>
    </Stack>
  );
}

/** One of the two decisions, a section named by its heading. */
function DecisionSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
