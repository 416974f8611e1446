/**
 * Mantine's Anchor and Button as TanStack Router links, so `to` and `params` are type-checked
 * against the route tree (Mantine's `component={Link}` loses the router's types).
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorElementProps = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
    ref?: Ref<HTMLAnchorElement>;
  };

function AnchorElement(props: AnchorElementProps) {
  return <Anchor component="a" {...props} />;
}

type ButtonElementProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
    ref?: Ref<HTMLAnchorElement>;
  };

function ButtonElement(props: ButtonElementProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorElement);
const CreatedButtonLink = createLink(ButtonElement);

export const AnchorLink: LinkComponent<typeof AnchorElement> = (props) => (
  <CreatedAnchorLink {...props} />
);
export const ButtonLink: LinkComponent<typeof ButtonElement> = (props) => (
  <CreatedButtonLink {...props} />
);
