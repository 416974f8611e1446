/**
 * Where the portal's notifications appear, one at a time. On a desktop they sit at the bottom
 * right, away from the work. On a phone a notification spans the screen's width, and at the bottom
 * it would cover the submit button a person just pressed (and the next one), so there it drops from
 * the top, compact, over the header only: any lower it would cover the page's heading
 * (notification.module.css).
 *
 * The container (its transitions and scroll handling, a sixth of the sign-in page's first load)
 * comes with the first notification: most visits show none. What is shown before it has loaded
 * waits in Mantine's store, and appears when it has.
 */
import { useMatches } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import classes from './notification.module.css';

const LIMIT = 1;

const Notifications = lazy(() => import('./notifications-container'));

// The store shows as many at once as its limit, which the container sets only once it is there.
notificationsStore.updateState((state) => ({ ...state, limit: LIMIT }));

export function PortalNotifications() {
  const position = useMatches({ base: 'top-center', sm: 'bottom-right' } as const);
  const { notifications, queue } = useNotifications();
  // Once there, the container stays, so a notification leaving plays its exit transition.
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        limit={LIMIT}
        position={position}
        className={position === 'top-center' ? classes.overHeader : undefined}
      />
    </Suspense>
  );
}
