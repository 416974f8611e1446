/**
 * An order's or a request's activity timeline (docs/product/notifications.md): every event of it,
 * oldest first, each with when, what and who. Staff's actions read "by Sam Ortiz, plant staff, on
 * your behalf" to a buyer (src/shared/activity.ts phrases both the event and who did it). The
 * features fetch their own timeline (the order's, the request's) and hand its query here.
 */
import { Stack, Text, Timeline } from '@mantine/core';
import { actorLine } from '../../shared/activity';
import { formatDateTime } from '../../shared/format';
import type { ActivityRow } from '../../shared/schemas/events';
import { errorMessage } from '../lib/api-errors';
import type { ListQueryState } from './list-feedback';
import { LoadState } from './load-state';
import { ShowMoreButton } from './show-more-button';

/** A paged query of activity, with the states every list shows (`ListQueryState`). */
export interface ActivityQuery extends Omit<ListQueryState, 'isError'> {
  data?: { pages: ReadonlyArray<{ data: readonly ActivityRow[] }> } | undefined;
}

export function ActivityTimeline({
  query,
  reader,
  label,
}: {
  query: ActivityQuery;
  /** Who reads it: a buyer is told what staff did on the company's behalf. */
  reader: 'buyer' | 'staff';
  /** The list's accessible name, e.g. "Activity of order 100004". */
  label: string;
}) {
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="sm">
      <LoadState
        query={query}
        what="the activity"
        showError={entries.length === 0}
        failedMessage={errorMessage}
      />
      {query.isSuccess && entries.length === 0 && (
        <Text role="status" c="dimmed" size="sm">
          Nothing has happened here yet.
        </Text>
      )}
      {entries.length > 0 && (
        <Timeline
          active={entries.length - 1}
          bulletSize={14}
          lineWidth={2}
          aria-label={label}
          // Mantine renders a div; the entries are a list to a screen reader.
          role="list"
        >
          {entries.map((entry) => (
            <Timeline.Item key={entry.Id} role="listitem" title={entry.Text}>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(entry.At)} · {actorLine(entry, reader)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <ShowMoreButton query={query} label="Show more activity" />
    </Stack>
  );
}
