/**
 * A Mantine Anchor that is a typed router Link (TanStack's `createLink`): `component={Link}` on a
 * Mantine component loses the type-checking of `to` and `params`.
 */
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type MantineAnchorProps = AnchorProps & ComponentPropsWithRef<'a'>;

function MantineAnchor(props: MantineAnchorProps) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
