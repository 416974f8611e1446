/**
 * Where the portal's notifications appear, one at a time (SPEC §9). On a desktop they sit at the
 * bottom right, away from the work. On a phone a notification spans the screen's width, and at
 * the bottom it would cover the submit button a person just pressed (and the next one), so there
 * it drops from the top.
 */
import { useMatches } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

export function PortalNotifications() {
  const position = useMatches({ base: 'top-center', sm: 'bottom-right' } as const);
  return <Notifications limit={1} position={position} />;
}
