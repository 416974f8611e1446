/**
 * The company's people, for its administrators: who they are, their roles, a buyer's spending
 * limits, whether they are active and when they last signed in; invite a colleague, or change
 * one, in a dialog.
 */
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatMinorUnits } from '../../../../shared/format';
import { holdsBuyerRole, roleLabels } from '../../../../shared/role-sets';
import type { CompanyPerson } from '../../../../shared/schemas/company';
import { ActiveBadge } from '../../../ui/active-badge';
import { DataTable } from '../../../ui/data-table';
import { ListFeedback } from '../../../ui/list-feedback';
import { TitledSection } from '../../../ui/titled-section';
import { useCompanyPeople } from '../api/get-people';
import { PersonForm } from './person-form';

function limits(person: CompanyPerson, currency: string): string {
  if (!holdsBuyerRole(person.RoleIds)) return '—';
  const parts = [
    person.OrderLimit !== null && `${formatMinorUnits(person.OrderLimit, currency)} an order`,
    person.MonthlyLimit !== null && `${formatMinorUnits(person.MonthlyLimit, currency)} a month`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'No limit';
}

export function CompanyPeople({ currency, ownEmail }: { currency: string; ownEmail: string }) {
  const query = useCompanyPeople();
  const people = query.data?.pages.flatMap((page) => page.data) ?? [];
  const [editing, setEditing] = useState<CompanyPerson | 'new' | null>(null);
  const close = () => setEditing(null);

  return (
    <TitledSection id="company-people" title="People">
      <Stack gap="sm">
        <Group>
          <Button onClick={() => setEditing('new')}>Invite a colleague</Button>
        </Group>
        <ListFeedback query={query} count={people.length} noun="people" empty="Nobody yet.">
          <DataTable
            caption="People of the company"
            minWidth={780}
            rows={people}
            rowKey={(row) => row.Id}
            columns={[
              {
                // The email under the name: one column fewer keeps the table within a laptop.
                header: 'Name and email',
                cell: (row) => (
                  <Stack gap={0}>
                    <Text span inherit>
                      {row.FirstName} {row.LastName}
                    </Text>
                    <Text span size="sm" c="dimmed">
                      {row.Email}
                    </Text>
                  </Stack>
                ),
              },
              { header: 'Roles', cell: (row) => roleLabels(row.RoleIds), wrap: true },
              { header: 'Spending limits', cell: (row) => limits(row, currency), wrap: true },
              { header: 'Status', cell: (row) => <ActiveBadge active={row.Active} /> },
              {
                header: 'Last sign-in',
                cell: (row) =>
                  row.LastSignInAt ? (
                    formatDateTime(row.LastSignInAt)
                  ) : (
                    <Text span size="sm" c="dimmed">
                      Not yet
                    </Text>
                  ),
              },
            ]}
            actions={(row) => (
              <Button size="xs" variant="light" onClick={() => setEditing(row)}>
                Change
                <VisuallyHidden>
                  {' '}
                  {row.FirstName} {row.LastName}
                </VisuallyHidden>
              </Button>
            )}
          />
        </ListFeedback>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={
          editing === 'new' || editing === null
            ? 'Invite a colleague'
            : `Change ${editing.FirstName} ${editing.LastName}`
        }
        centered
      >
        {editing !== null && (
          <PersonForm
            key={editing === 'new' ? 'new' : `${editing.Id}:${editing.Version}`}
            person={editing === 'new' ? null : editing}
            currency={currency}
            isSelf={editing !== 'new' && editing.Email === ownEmail}
            onDone={close}
            onReload={() => void query.refetch()}
          />
        )}
      </Modal>
    </TitledSection>
  );
}
