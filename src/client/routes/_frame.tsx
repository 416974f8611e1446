/**
 * Pathless layout: every signed-in page (under /app, /docs and /contact-us) inside the app frame.
 * It adds no access rule: the root route's guard decides each path on its own.
 */
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppFrame } from '../shell/app-frame';

export const Route = createFileRoute('/_frame')({
  component: FrameLayout,
});

function FrameLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
