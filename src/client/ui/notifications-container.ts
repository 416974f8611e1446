/**
 * Mantine's notifications container, in a module of its own so that it can load apart from the
 * store (portal-notifications.tsx): a dynamic import of the package itself would resolve to the
 * package module the first load already holds for the store, container included.
 */
export { Notifications as default } from '@mantine/notifications';
