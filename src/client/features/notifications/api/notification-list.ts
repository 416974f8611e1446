/** The signed-in person's notifications, newest first, read when the bell is opened. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  notificationRowSchema,
  type NotificationRow,
} from '../../../../shared/schemas/notifications';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { notificationKeys } from './notifications';

export const getNotificationsRoute = apiRoute('GET', '/api/db/notifications').answers<
  Page<NotificationRow>
>();

export function notificationsQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(uid),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(notificationRowSchema, getNotificationsRoute, {
        query: { limit: 20, cursor: pageParam },
        signal,
      }),
    ...cursorPaging,
  });
}

export function useNotifications(uid: string, enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(uid), enabled });
}
