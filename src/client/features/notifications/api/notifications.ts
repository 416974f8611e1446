/**
 * `/api/db/notifications`: the signed-in person's own in-app notifications. The unread count is
 * asked again every half minute and when the window regains focus, so staff hear of a new request
 * without reloading the inbox. The list, read when the bell is opened, is in notification-list.ts:
 * its rows are read with zod, which the count, asked on every page's first load, does without
 * (docs/decisions/025).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadAllInput, UnreadCount } from '../../../../shared/schemas/notifications';
import { unreadCountShape } from '../../../lib/answer-shapes.gen';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, callApi, type NoContent, type Rows } from '../../../lib/api-route';
import { shapeReader } from '../../../lib/json-shape';
import { resourceKeys } from '../../../lib/queries';

/** Per person: the keys carry the uid, so another person signing in on the device starts afresh. */
const base = resourceKeys('notifications');
export const notificationKeys = {
  all: base.all,
  list: (uid: string) => [...base.lists(), uid] as const,
  unread: (uid: string) => [...base.all, 'unread', uid] as const,
};

export const getUnreadCountRoute = apiRoute('GET', '/api/db/notifications/unread-count').answers<
  Rows<UnreadCount>
>();
export const markReadRoute = apiRoute(
  'POST',
  '/api/db/notifications/:id/read',
).answers<NoContent>();
export const markAllReadRoute = apiRoute('POST', '/api/db/notifications/read-all')
  .sends<ReadAllInput>()
  .answers<NoContent>();

const REFRESH_MS = 30_000;

const unreadCount = shapeReader<UnreadCount>(unreadCountShape);

export function useUnreadCount(uid: string) {
  return useQuery({
    queryKey: notificationKeys.unread(uid),
    queryFn: ({ signal }) => fetchOne(unreadCount, getUnreadCountRoute, { signal }),
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
        ? callApi(markReadRoute, { params: { id: mark.id } })
        : callApi(markAllReadRoute, { body: { UpToId: mark.upToId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
