/** The signed-in person's notifications, newest first, read when the bell is opened. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationRowSchema } from '../../../../shared/schemas/notifications';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { notificationKeys } from './notifications';

export function notificationsQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(uid),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        notificationRowSchema,
        apiPath('/api/db/notifications', { limit: 20, cursor: pageParam }),
        { signal },
      ),
    ...cursorPaging,
  });
}

export function useNotifications(uid: string, enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(uid), enabled });
}
