/**
 * The frame of every signed-in page: header, role-aware navigation, main content. It imposes no
 * access rule of its own; the root route's guard has decided before it renders. It reads the
 * signed-in user and the outbox, so it lives here in the shell, not in ui/, whose components know
 * nothing of auth or data.
 */
import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { customerInEffect, matchRoute } from '../../shared/access';
import { isCustomerRole } from '../../shared/roles';
import { useAuth } from '../auth/auth-context';
import classes from './app-frame.module.css';
import { outbox } from '../lib/device-store';
import { useOnline } from '../lib/use-online';
import { UserIcon } from '../ui/icons';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { OutboxButton } from './outbox-button';
import { isCurrentItem, navItemsFor, type NavItem } from '../ui/nav-items';
import { onDemand, useOnDemandPopup } from '../ui/on-demand-popup';
import { PORTAL_NAME } from '../ui/portal-name';
import { ThemeToggle } from '../ui/theme-toggle';

const UnsentWorkDialog = lazy(() => import('./unsent-work-dialog'));
const accountMenu = onDemand(() => import('./account-menu').then((module) => module.default));

/** Below Mantine's `sm` breakpoint (48em) the navbar becomes a drawer behind the burger. */
const MOBILE_QUERY = '(max-width: 47.99em)';

export function AppFrame({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Read at the first render, not in an effect (Mantine's default, for server rendering, which
  // the frame never has): the effect's answer rendered the whole frame a second time on a phone.
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = matchRoute(pathname);
  const items = navItemsFor(auth);
  const mainItems = items.filter((item) => item.section === 'main');
  const adminItems = items.filter((item) => item.section === 'admin');

  const renderItem = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      activeOptions={{ exact: true }}
      label={item.label}
      active={isCurrentItem(item, current)}
      onClick={close}
    />
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className={classes.skipLink} href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="app-navigation"
            />
            <Link to="/app" className={classes.brand}>
              {PORTAL_NAME}
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="sm">
              <CustomerInEffect />
            </Box>
            {auth.user && <OutboxButton uid={auth.user.Uid} />}
            {auth.user && <NotificationBell uid={auth.user.Uid} />}
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="app-navigation" aria-label="Main" p="xs" inert={isMobile && !opened}>
        <Box hiddenFrom="sm" px="sm" pb="sm">
          <CustomerInEffect />
        </Box>
        {/* Scrolls natively when the links do not fit (a short screen, staff's longer list). */}
        <AppShell.Section grow className={classes.navLinks}>
          {mainItems.map(renderItem)}
          {adminItems.length > 0 && (
            <>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mt="md" mb={4}>
                Administration
              </Text>
              {adminItems.map(renderItem)}
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Stack gap="md">
          <OfflineNotice />
          {children}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}

/** The customer in effect; staff (who act on behalf of a customer) get a link to switch. */
function CustomerInEffect() {
  const auth = useAuth();
  const { user } = auth;
  if (user === null) return null;
  const customer = customerInEffect(auth);
  const staff = !isCustomerRole(user.role.RoleName);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" truncate="end" maw={260}>
        {customer ? (
          <>
            <Text span size="sm" c="dimmed">
              Customer:{' '}
            </Text>
            {customer.CustomerName}
          </>
        ) : (
          <Text span size="sm" c="dimmed">
            No customer selected
          </Text>
        )}
      </Text>
      {staff && (
        <Anchor component={Link} to="/app/customer/switch" size="sm" fw={600}>
          {customer ? 'Switch' : 'Choose'}
          <VisuallyHidden> customer</VisuallyHidden>
        </Anchor>
      )}
    </Group>
  );
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [asked, setAsked] = useState(false);
  const {
    Popup: AccountMenu,
    popupProps,
    targetProps,
    anchorRef,
  } = useOnDemandPopup(accountMenu, 'menu');
  if (user === null) return null;
  const staff = !isCustomerRole(user.role.RoleName);
  /** Signing out deletes what waits on this device, so say so first. */
  const requestSignOut = async () => {
    const waiting = await outbox.unsent(user.Uid).catch(() => []);
    if (waiting.length > 0) {
      setAsked(true);
      setUnsent(waiting.length);
    } else void signOut();
  };
  return (
    <>
      {/* Once asked, the dialog stays mounted, so that closing it returns focus to the menu. */}
      {asked && (
        <Suspense fallback={null}>
          <UnsentWorkDialog
            unsent={unsent}
            onStay={() => setUnsent(null)}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      )}
      <Button
        ref={anchorRef}
        variant="default"
        px="xs"
        leftSection={<UserIcon />}
        aria-label={`Account menu for ${user.displayName}`}
        {...targetProps}
      >
        <Text span size="sm" visibleFrom="md" truncate="end" maw={160}>
          {user.displayName}
        </Text>
      </Button>
      {AccountMenu && (
        <AccountMenu
          {...popupProps}
          email={user.Email}
          staff={staff}
          onSignOut={() => void requestSignOut()}
        />
      )}
    </>
  );
}

/**
 * Offline, the app says so and keeps showing what it already loaded. It says so while the browser
 * is offline, and no longer: a person signed in from this session's copy of their record (a reload
 * offline) who is back online is not offline, and is not told they are.
 */
function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Text role="status" size="sm" px="sm" py={6} bg="var(--mantine-color-default-hover)" bdrs="sm">
      You are offline. The portal shows what it already loaded; anything else needs a connection.
    </Text>
  );
}
