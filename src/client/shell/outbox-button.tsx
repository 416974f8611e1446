/**
 * The outbox in the header (docs/product/offline.md#the-outbox): what waits to be sent from this
 * device, shown as queued, then sent; a refused one shows the server's message with a way to edit
 * it (back in its form, the messages beside the fields) or discard it. The list (outbox-list.tsx)
 * loads when the button is first reached for.
 */
import { Button, Indicator } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { outbox } from '../lib/device-store';
import { isWaiting, type OutboxEntry } from '../lib/outbox';
import { onDemand, useOnDemandPopup } from '../ui/on-demand-popup';

const outboxList = onDemand(() => import('./outbox-list').then((module) => module.default));

/** This person's outbox entries, kept current. */
export function useOutboxEntries(uid: string | null): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const reload = useCallback(() => {
    if (uid === null) return;
    void outbox.entries(uid).then(setEntries, () => setEntries([]));
  }, [uid]);
  useEffect(() => {
    reload();
    return outbox.subscribe(reload);
  }, [reload]);
  return uid === null ? [] : entries;
}

export function OutboxButton({ uid }: { uid: string }) {
  const entries = useOutboxEntries(uid);
  // Closing the list clears what it showed as sent.
  const {
    Popup: OutboxList,
    popupProps,
    targetProps,
    anchorRef,
  } = useOnDemandPopup(outboxList, 'dialog', { onClose: () => void outbox.clearSent(uid) });
  if (entries.length === 0) return null;

  const waiting = entries.filter(isWaiting).length;
  const failed = entries.filter((e) => e.status === 'failed').length;
  const summary = [
    waiting > 0 ? `${waiting} waiting to be sent` : null,
    failed > 0 ? `${failed} not accepted` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      {/* The list is placed against the indicator's box around the button, as it always was. */}
      <Indicator ref={anchorRef} disabled={failed === 0} color="red" size={10} offset={4}>
        <Button
          variant="default"
          size="sm"
          aria-label={`Outbox: ${summary || 'all sent'}`}
          {...targetProps}
        >
          Outbox{waiting + failed > 0 ? ` (${waiting + failed})` : ''}
        </Button>
      </Indicator>
      {OutboxList && <OutboxList {...popupProps} uid={uid} entries={entries} />}
    </>
  );
}
