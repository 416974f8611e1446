/**
 * The bell in the header: the unread count, and a list of the person's notifications, newest first,
 * each opening the order or request it is about and counting as read once opened; "Mark all read"
 * reads up to the newest one shown, so one that arrives meanwhile stays new. The list
 * (notification-list.tsx) loads when the bell is first reached for.
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { onDemand, useOnDemandPopup } from '../../../ui/on-demand-popup';
import { useUnreadCount } from '../api/notifications';

const notificationList = onDemand(() =>
  import('./notification-list').then((module) => module.default),
);

export function NotificationBell({ uid }: { uid: string }) {
  const unread = useUnreadCount(uid).data?.Unread ?? 0;
  const {
    Popup: NotificationList,
    popupProps,
    targetProps,
    anchorRef,
  } = useOnDemandPopup(notificationList, 'dialog');

  return (
    <>
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={18}
        offset={4}
        color="red"
      >
        <ActionIcon
          ref={anchorRef}
          variant="default"
          size="lg"
          aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
          {...targetProps}
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      {NotificationList && <NotificationList {...popupProps} uid={uid} unread={unread} />}
    </>
  );
}

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
