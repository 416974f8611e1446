/** "Show more …" under a keyset-paginated list: loads the next page while there is one. */
import { Button } from '@mantine/core';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function ShowMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="default"
      w="fit-content"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
