/** What an edit page shows until its record is there: loading, offline, not found, failed. */
import { Anchor } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { errorMessage } from '../lib/api-errors';
import { LoadState, type LoadQuery } from './load-state';

export function RecordFeedback({
  query,
  noun,
  backTo,
}: {
  query: LoadQuery;
  /** E.g. "customer". */
  noun: string;
  /** The list to go back to. */
  backTo: { to: LinkProps['to']; label: string };
}) {
  return (
    <LoadState
      query={query}
      what={`the ${noun}`}
      waiting={`This ${noun} needs a connection. It loads as soon as you are back online.`}
      failedTitle={`The ${noun} could not be loaded`}
      failedMessage={errorMessage}
      notFound={{ title: `There is no such ${noun}`, color: 'gray', message: false }}
    >
      <Anchor component={Link} to={backTo.to}>
        {backTo.label}
      </Anchor>
    </LoadState>
  );
}
