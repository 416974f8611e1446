// @vitest-environment jsdom
import { Button, Popover } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test-utils/render';
import { PopupAnchor, onDemand, useOnDemandPopup, type PopupProps } from './on-demand-popup';

/** What a module loaded on demand would hold: a Popover placed against the page's trigger. */
function Popup({ id, anchor, opened, onClose }: PopupProps) {
  return (
    <Popover id={id} opened={opened} onChange={(next) => next || onClose()}>
      <Popover.Target>
        <PopupAnchor anchor={anchor} />
      </Popover.Target>
      <Popover.Dropdown>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A module whose load the test finishes (or fails) when it chooses. */
function deferredModule() {
  const loads: Array<{ resolve: (c: ComponentType<PopupProps>) => void; reject: () => void }> = [];
  const importer = vi.fn(
    () =>
      new Promise<ComponentType<PopupProps>>((resolve, reject) =>
        loads.push({ resolve, reject: () => reject(new Error('offline')) }),
      ),
  );
  return { module: onDemand(importer), importer, loads };
}

function Page({
  module,
  onClose,
}: {
  module: ReturnType<typeof onDemand<ComponentType<PopupProps>>>;
  onClose?: () => void;
}) {
  const {
    Popup: Loaded,
    popupProps,
    targetProps,
    anchorRef,
  } = useOnDemandPopup(module, 'dialog', {
    onClose,
  });
  return (
    <>
      <Button ref={anchorRef} {...targetProps}>
        Outbox
      </Button>
      {Loaded && <Loaded {...popupProps} />}
    </>
  );
}

describe('useOnDemandPopup', () => {
  it('loads nothing until the trigger is reached for, then once', async () => {
    const { module, importer, loads } = deferredModule();
    render(<Page module={module} />);
    const trigger = screen.getByRole('button', { name: 'Outbox' });
    expect(importer).not.toHaveBeenCalled();
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    fireEvent.pointerEnter(trigger);
    fireEvent.focus(trigger);
    expect(importer).toHaveBeenCalledTimes(1);
    await act(async () => loads[0]!.resolve(Popup));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on a click made before the module arrived, against the same trigger', async () => {
    const { module, loads } = deferredModule();
    const onClose = vi.fn();
    render(<Page module={module} onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Outbox' });

    fireEvent.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await act(async () => loads[0]!.resolve(Popup));

    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Outbox' })).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
    expect(dialog.getAttribute('aria-labelledby')).toBe(trigger.id);

    fireEvent.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.hasAttribute('aria-controls')).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('loads again on the next intent after a failed load', async () => {
    const { module, importer, loads } = deferredModule();
    render(<Page module={module} />);
    const trigger = screen.getByRole('button', { name: 'Outbox' });

    fireEvent.click(trigger);
    await act(async () => loads[0]!.reject());
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    expect(importer).toHaveBeenCalledTimes(2);
    await act(async () => loads[1]!.resolve(Popup));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
