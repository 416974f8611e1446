/**
 * Mantine's Anchor and Button as typed router links (TanStack's `createLink`): `component={Link}`
 * on a Mantine component loses the type-checking of `to` and `params`. Both preload the route on
 * intent (hover, focus).
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type LinkElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
  ref?: Ref<HTMLAnchorElement>;
};

function AnchorElement(props: AnchorProps & LinkElementProps) {
  return <Anchor component="a" {...props} />;
}

function ButtonElement(props: ButtonProps & LinkElementProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorElement);
const CreatedButtonLink = createLink(ButtonElement);

export const AnchorLink: LinkComponent<typeof AnchorElement> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
export const ButtonLink: LinkComponent<typeof ButtonElement> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
