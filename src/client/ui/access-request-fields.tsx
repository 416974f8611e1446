/**
 * The fields of an access request (docs/product/sign-in.md), asked at sign-up and again when a
 * person asks for access later: name, company, phone and what they need access for. The field names
 * are the access request's own (`accessFields` in the shared schema); each form says where its
 * values live.
 */
import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

type InputProps = GetInputPropsReturnType;

/** A person's first and last name, side by side where there is room. */
export function NameFields({
  first,
  last,
  autoComplete = true,
}: {
  first: InputProps;
  last: InputProps;
  /** Off where staff type someone else's name (the browser would offer their own). */
  autoComplete?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput label="First name" autoComplete={autoComplete ? 'given-name' : 'off'} {...first} />
      <TextInput label="Last name" autoComplete={autoComplete ? 'family-name' : 'off'} {...last} />
    </SimpleGrid>
  );
}

export type AccessField = 'FirstName' | 'LastName' | 'Company' | 'Phone' | 'Details';

export function AccessRequestFields({
  inputProps,
  detailsDescription,
  children,
}: {
  inputProps: (field: AccessField) => InputProps;
  /** An example of what to write about the access needed. */
  detailsDescription?: string;
  /** Fields of the form's own, between the person's and what they need (e.g. the account's). */
  children?: ReactNode;
}) {
  return (
    <>
      <NameFields first={inputProps('FirstName')} last={inputProps('LastName')} />
      <TextInput label="Company" autoComplete="organization" {...inputProps('Company')} />
      <TextInput label="Phone (optional)" type="tel" autoComplete="tel" {...inputProps('Phone')} />
      {children}
      <Textarea
        label="What do you need access for?"
        description={detailsDescription}
        autosize
        minRows={3}
        {...inputProps('Details')}
      />
    </>
  );
}
