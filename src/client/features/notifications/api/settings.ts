/**
 * `/api/db/notification-settings` and `/api/db/push-subscriptions`: the person's choices of email
 * and push per topic, and the devices push reaches.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChoices } from '../../../../shared/notifications';
import {
  notificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../../../shared/schemas/notifications';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { listPushDevices } from '../../../lib/push-device';
import { resourceKeys } from '../../../lib/queries';

export const getNotificationSettingsRoute = apiRoute(
  'GET',
  '/api/db/notification-settings',
).answers<Rows<NotificationSettings>>();
export const saveNotificationSettingsRoute = apiRoute('PUT', '/api/db/notification-settings')
  .sends<NotificationSettingsInput>()
  .answers<Rows<NotificationSettings>>();

const settingsBase = resourceKeys('notification-settings');
const devicesBase = resourceKeys('push-subscriptions');

/** Per person, as the notification list's keys. */
export const settingsKeys = {
  choices: (uid: string) => [...settingsBase.all, uid] as const,
  devices: (uid: string) => [...devicesBase.all, uid] as const,
};

export const notificationSettingsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: settingsKeys.choices(uid),
    queryFn: ({ signal }) =>
      fetchOne(notificationSettingsSchema, getNotificationSettingsRoute, { signal }),
  });

export const pushDevicesQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: settingsKeys.devices(uid),
    queryFn: ({ signal }) => listPushDevices(signal),
  });

export function usePushDevices(uid: string) {
  return useQuery(pushDevicesQueryOptions(uid));
}

/** Saves the choices against the Version loaded; a stale one is a 412 the page explains. */
export function useSaveChoices(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ choices, version }: { choices: NotificationChoices; version: number }) =>
      fetchOne(notificationSettingsSchema, saveNotificationSettingsRoute, {
        ifMatch: version,
        body: { Choices: choices },
      }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.choices(uid), saved),
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.choices(uid) }),
  });
}
