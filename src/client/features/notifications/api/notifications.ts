/**
 * `/api/db/notifications`: the signed-in person's own in-app notifications. The unread count is
 * asked again every half minute and when the window regains focus, so staff hear of a new request
 * without reloading the inbox. The list, read when the bell is opened, is in notification-list.ts:
 * its rows are read with zod, which the count, asked on every page's first load, does without
 * (docs/decisions/025).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/schemas/notifications';
import { unreadCountShape } from '../../../lib/answer-shapes.gen';
import { apiFetch } from '../../../lib/api-client';
import { fetchOne } from '../../../lib/api-read';
import { shapeReader } from '../../../lib/json-shape';
import { resourceKeys } from '../../../lib/queries';

/** Per person: the keys carry the uid, so another person signing in on the device starts afresh. */
const base = resourceKeys('notifications');
export const notificationKeys = {
  all: base.all,
  list: (uid: string) => [...base.lists(), uid] as const,
  unread: (uid: string) => [...base.all, 'unread', uid] as const,
};

const REFRESH_MS = 30_000;

const unreadCount = shapeReader<UnreadCount>(unreadCountShape);

export function useUnreadCount(uid: string) {
  return useQuery({
    queryKey: notificationKeys.unread(uid),
    queryFn: ({ signal }) =>
      fetchOne(unreadCount, '/api/db/notifications/unread-count', { signal }),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Marks one notification read (`id`), or all up to the newest one shown (`upToId`). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: { id: number } | { upToId: number }) =>
      'id' in mark
        ? apiFetch(`/api/db/notifications/${mark.id}/read`, { method: 'POST' })
        : apiFetch('/api/db/notifications/read-all', {
            method: 'POST',
            body: JSON.stringify({ UpToId: mark.upToId }),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
