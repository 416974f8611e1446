/**
 * "A new version is available — Reload" (docs/product/offline.md#updates). Shown while a new
 * service worker waits; reloading is the person's choice, and with unsaved input on the page they
 * are told first.
 */
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { hasUnsavedChanges } from '../lib/unsaved-changes';
import { activateUpdate, getUpdateState, subscribeToUpdates } from '../pwa/register';

export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeToUpdates, getUpdateState, () => 'none' as const);
  const [warned, setWarned] = useState(false);
  if (state === 'none') return null;

  const reload = () => {
    if (hasUnsavedChanges() && !warned) {
      setWarned(true);
      return;
    }
    activateUpdate();
  };

  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper role="status" shadow="md" withBorder p="sm" maw={560} mx="auto" aria-live="polite">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">
            {warned
              ? 'You have unsaved changes on this page. Save them first, or reload anyway and lose them.'
              : 'A new version of the portal is available.'}
          </Text>
          <Button size="xs" onClick={reload} loading={state === 'activating'}>
            {warned ? 'Reload anyway' : 'Reload'}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
