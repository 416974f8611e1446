/**
 * The Active switch of a record, as its own section: deactivating asks for confirmation first
 * (it takes effect at once for people who depend on the record), reactivating does not.
 */
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ActiveBadge } from './active-badge';

export interface ActiveStatusSectionProps {
  active: boolean;
  /** What is (de)activated, e.g. "Jordan Lee" or "this customer". */
  subject: string;
  /** What deactivating does, shown before and in the confirmation. */
  consequence: string;
  /** Resolves once saved; rejects (after showing why) when it was not. */
  onChange: (active: boolean) => Promise<unknown>;
  disabled?: boolean;
}

export function ActiveStatusSection({
  active,
  subject,
  consequence,
  onChange,
  disabled = false,
}: ActiveStatusSectionProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [saving, setSaving] = useState(false);

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await onChange(next);
      close();
    } catch {
      // The caller has shown why; the dialog stays open for another try or Cancel.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" maw={640} component="section" aria-labelledby="status-heading">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Title order={2} size="h4" id="status-heading">
            Status
          </Title>
          <ActiveBadge active={active} />
        </Group>
        <Text size="sm">{active ? consequence : `Reactivating ${subject} restores access.`}</Text>
        {active ? (
          <Button color="red" variant="outline" onClick={open} disabled={disabled}>
            Deactivate {subject}
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => void change(true)}
            loading={saving}
            disabled={disabled}
          >
            Reactivate {subject}
          </Button>
        )}
      </Stack>
      <Modal opened={opened} onClose={close} title={`Deactivate ${subject}?`} centered>
        <Stack gap="md">
          <Text size="sm">{consequence}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void change(false)} loading={saving}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
