/**
 * A menu or popover whose floating part loads when someone first reaches for it (decision 025).
 *
 * Mantine's Menu and Popover bring floating-ui, a focus trap and their transitions: on every
 * signed-in page's first load, for the header's three pop-ups, which most visits never open. Here
 * the page renders the trigger itself, with the attributes Mantine's `Menu.Target` or
 * `Popover.Target` would give it (`targetProps`), and the Menu or Popover lives in a module of its
 * own. The module starts loading when the person shows intent (the pointer over the trigger, a
 * touch, keyboard focus); a click, Enter or Space opens the pop-up once it has loaded, however long
 * that took. The service worker has precached the module, so in the installed app it is there at
 * once.
 *
 * The loaded part positions its dropdown against the page's own trigger (`PopupAnchor`): the
 * trigger is never replaced, so focus, hover and what a screen reader was reading stay where they
 * were, and Mantine's focus trap and focus return work as with a `Target` of its own.
 */
import { useId } from '@mantine/hooks';
import { setRef } from '../lib/set-ref';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type Ref,
  type RefObject,
} from 'react';

/** A module loaded once, on first use; a failed load (offline, a new release) is tried again. */
export interface OnDemand<T> {
  load(): Promise<T>;
  /** What the module gave, once it has loaded. */
  loaded(): T | undefined;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      promise ??= importer().then(
        (result) => (value = result),
        (error: unknown) => {
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    loaded: () => value,
  };
}

/** Where the loaded pop-up anchors: the page's trigger, and what it says when it is anchored. */
export interface PopupAnchorTarget {
  element: RefObject<HTMLElement | null>;
  setAnchored: (anchored: boolean) => void;
}

/** What the page passes to the loaded pop-up. */
export interface PopupProps {
  /** Mantine's `id` for the Menu or Popover: the trigger's id; `${id}-dropdown` the dropdown's. */
  id: string;
  anchor: PopupAnchorTarget;
  opened: boolean;
  /** Escape, a click outside, a chosen item. */
  onClose: () => void;
}

/**
 * The pop-up's state, and the trigger's props. `popupType` is what the Target would announce:
 * `menu` for a Menu, `dialog` for a Popover. `onClose` runs whenever the pop-up closes.
 */
export function useOnDemandPopup<P extends PopupProps>(
  module: OnDemand<ComponentType<P>>,
  popupType: 'menu' | 'dialog',
  { onClose }: { onClose?: () => void } = {},
) {
  const id = useId();
  const element = useRef<HTMLElement>(null);
  const [Popup, setPopup] = useState<ComponentType<P> | undefined>(() => module.loaded());
  // The pop-up first mounts closed and opens once anchored: Mantine notes the element to return
  // focus to, and plays its transition, on a change to opened, not on a mount opened.
  const [anchored, setAnchored] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opened = wanted && anchored;

  const anchorRef = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);

  const load = () => {
    if (Popup === undefined) {
      module.load().then(
        (loaded) => setPopup(() => loaded),
        // Nothing to show: the page has loaded, so the network (or a release replacing the
        // build) is the cause, and an error page could say no more than "try again". A click
        // asks afresh, and the next intent loads again.
        () => setWanted(false),
      );
    }
  };
  const close = () => {
    setWanted(false);
    onClose?.();
  };

  return {
    Popup,
    /** The ref of the element the dropdown is placed against: the trigger, or a box around it. */
    anchorRef,
    popupProps: {
      id,
      anchor: { element, setAnchored },
      opened,
      onClose: close,
    } satisfies PopupProps,
    targetProps: {
      id,
      'aria-haspopup': popupType,
      'aria-expanded': opened,
      'aria-controls': opened ? `${id}-dropdown` : undefined,
      'data-expanded': popupType === 'menu' && opened ? true : undefined,
      onPointerEnter: load,
      onTouchStart: load,
      onFocus: load,
      onClick: () => {
        load();
        if (wanted) close();
        else setWanted(true);
      },
    },
  };
}

/**
 * The child of the loaded part's `Menu.Target` or `Popover.Target`: instead of an element of its
 * own, it lends the Target the page's trigger (the Target's ref places the dropdown and tells a
 * click on the trigger from a click outside). The Target's other props (its click handler and
 * attributes) are the page's trigger's already.
 */
export function PopupAnchor({
  anchor,
  ref,
}: {
  anchor: PopupAnchorTarget;
  ref?: Ref<HTMLElement>;
}) {
  const { element, setAnchored } = anchor;
  useLayoutEffect(() => {
    const detach = setRef(ref, element.current);
    setAnchored(true);
    return () => {
      setAnchored(false);
      detach();
    };
  }, [ref, element, setAnchored]);
  return null;
}
