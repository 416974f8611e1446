/**
 * The addresses that receive notices of the company's orders (confirmed, ready, shipped…),
 * besides the people who placed them: its administrators keep the list.
 */
import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { companyUpdateSchema, type Company } from '../../../../shared/schemas/company';
import { handleSaveError } from '../../../lib/api-errors';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/invalid-focus';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';
import { TitledSection } from '../../../ui/titled-section';
import { useUpdateCompany } from '../api/update-company';

const validate = schemaResolver(companyUpdateSchema, { sync: true });

export function NoticeAddresses({
  company,
  onReload,
}: {
  company: Company;
  onReload: () => Promise<unknown>;
}) {
  const update = useUpdateCompany();
  const [stale, setStale] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { EmailAddresses: company.EmailAddresses },
    validate: (values) => validate(values),
  });
  const error =
    form.errors.EmailAddresses ??
    Object.entries(form.errors).find(([path]) => path.startsWith('EmailAddresses.'))?.[1];

  const submit = form.onSubmit(async (values, event) => {
    const element = event?.currentTarget;
    try {
      const saved = await update.mutateAsync({ version: company.Version, input: values });
      form.resetDirty({ EmailAddresses: saved.EmailAddresses });
      notifications.show({
        color: 'teal',
        title: 'Saved',
        message: 'The notice addresses are saved.',
      });
    } catch (failure) {
      handleSaveError(failure, form, { what: 'list of addresses', onStale: () => setStale(true) });
      focusFirstInvalidIn(element);
    }
  }, focusFirstInvalid);

  return (
    <TitledSection id="company-notices" title="Notice addresses">
      <form onSubmit={submit} noValidate aria-label="Notice addresses">
        <Stack gap="sm" maw={640}>
          {stale && (
            <StaleRecordAlert
              onReload={() =>
                void onReload().then(() => {
                  setStale(false);
                })
              }
            />
          )}
          <Text size="sm">
            These addresses are told when the plant confirms, makes ready or ships your orders,
            besides the person who placed each one.
          </Text>
          <TagsInput
            label="Email addresses"
            description="Press Enter after each address."
            splitChars={[',', ' ', ';']}
            {...form.getInputProps('EmailAddresses')}
            error={error}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save the addresses
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
