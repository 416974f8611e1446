/**
 * The one TanStack Query client. Offline, queries pause and resume by themselves when the
 * connection returns (networkMode 'online', docs/product/offline.md); data lives in memory only.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again; network trouble and 5xx may, and so may a
      // 429: the server asks to wait a moment (one person's turns or reads, decision 037).
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status < 500 && error.status !== 429) &&
        failureCount < 2,
    },
  },
});
