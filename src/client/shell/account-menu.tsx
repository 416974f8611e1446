/**
 * The account menu's list (the header's person button opens it), loaded when first reached for
 * (ui/on-demand-popup.tsx): Mantine's Menu brings floating-ui and a focus trap, which the frame's
 * first render does not need.
 */
import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PopupAnchor, type PopupProps } from '../ui/on-demand-popup';

export interface AccountMenuProps extends PopupProps {
  email: string;
  staff: boolean;
  onSignOut: () => void;
}

export default function AccountMenu({
  id,
  anchor,
  opened,
  onClose,
  email,
  staff,
  onSignOut,
}: AccountMenuProps) {
  return (
    /* Without Mantine's invisible focus placeholder (a focusable child the menu role does not
       allow), opening the menu focuses its first item, as the menu button pattern has it. */
    <Menu
      id={id}
      opened={opened}
      onChange={(next) => next || onClose()}
      position="bottom-end"
      width={220}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <PopupAnchor anchor={anchor} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to="/app/account/notifications">
          Notification settings
        </Menu.Item>
        <Menu.Item component={Link} to="/app/account/password">
          Change password
        </Menu.Item>
        {staff && (
          <Menu.Item component={Link} to="/app/customer/switch">
            Switch customer
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
