/**
 * A customer's ship-to address book on its edit page (admins): the list, with add, edit, delete
 * and make-default. One address is always the default while the book has any; the server refuses
 * deleting it, so the page asks for another default first instead of offering the button.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatAddress } from '../../../../shared/format';
import { addressWriteSchema, type AddressRow } from '../../../../shared/schemas/address';
import { errorMessage, handleSaveError } from '../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { focusFirstInvalid } from '../../../lib/invalid-focus';
import { DataTable } from '../../../ui/data-table';
import { TitledSection } from '../../../ui/titled-section';
import { useAddressBook, useSaveAddress } from '../api/addresses';

interface AddressValues {
  Name: string;
  Line1: string;
  Line2: string;
  Line3: string;
  City: string;
  Region: string;
  PostalCode: string;
  Country: string;
  DeliveryNotes: string;
}

const blank: AddressValues = {
  Name: '',
  Line1: '',
  Line2: '',
  Line3: '',
  City: '',
  Region: '',
  PostalCode: '',
  Country: '',
  DeliveryNotes: '',
};

const valuesOf = (row: AddressRow): AddressValues => ({
  Name: row.Name,
  Line1: row.Lines[0] ?? '',
  Line2: row.Lines[1] ?? '',
  Line3: row.Lines[2] ?? '',
  City: row.City,
  Region: row.Region,
  PostalCode: row.PostalCode,
  Country: row.Country,
  DeliveryNotes: row.DeliveryNotes,
});

const inputOf = ({ Line1, Line2, Line3, ...rest }: AddressValues, isDefault: boolean) => ({
  ...rest,
  Lines: [Line1, Line2, Line3],
  IsDefault: isDefault,
});

const validateAddress = schemaResolver(addressWriteSchema, { sync: true });

/** The schema speaks of `Lines`; the form's first street line is where that message belongs. */
function formErrors(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value !== 'string') continue;
    if (key.startsWith('Lines')) out.Line1 = value;
    else out[key] = value;
  }
  return out;
}

export function AddressBook({ customerId }: { customerId: number }) {
  const book = useAddressBook(customerId);
  const save = useSaveAddress();
  const [editing, setEditing] = useState<AddressRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AddressRow | null>(null);

  const act = async (run: () => Promise<void>, done: string) => {
    try {
      await run();
      notifications.show({ color: 'teal', title: 'Address book saved', message: done });
    } catch (error) {
      handleSaveError(error, null, { what: 'address', onStale: () => void book.refetch() });
    }
  };

  return (
    <TitledSection id="customer-addresses" title="Ship-to addresses">
      <Stack gap="sm">
        {book.isPending && <Text c="dimmed">Loading the addresses…</Text>}
        {book.isError && (
          <Alert color="red" variant="light" role="alert" title="The addresses could not be loaded">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(book.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void book.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        {book.data && book.data.length === 0 && (
          <Text c="dimmed">
            No addresses yet. The first one added becomes the default the order form preselects.
          </Text>
        )}
        {book.data && book.data.length > 0 && (
          <DataTable
            caption="Ship-to addresses"
            minWidth={640}
            rows={book.data}
            rowKey={(row) => row.Id}
            cardTitle={(row) => row.Name}
            columns={[
              {
                header: 'Name',
                cell: (row) => (
                  <Group gap="xs">
                    {row.Name}
                    {row.IsDefault && (
                      <Badge size="sm" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { header: 'Address', cell: (row) => formatAddress({ ...row, Name: '' }), wrap: true },
              { header: 'Delivery notes', cell: (row) => row.DeliveryNotes || '—', wrap: true },
            ]}
            actions={(row) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(row)}>
                  Edit<VisuallyHidden> {row.Name}</VisuallyHidden>
                </Button>
                {!row.IsDefault && (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      loading={save.isPending && save.variables?.kind !== 'delete'}
                      onClick={() =>
                        void act(
                          () =>
                            save.mutateAsync({
                              kind: 'update',
                              id: row.Id,
                              version: row.Version,
                              input: inputOf(valuesOf(row), true),
                            }),
                          `${row.Name} is now the default.`,
                        )
                      }
                    >
                      Make default<VisuallyHidden> {row.Name}</VisuallyHidden>
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(row)}>
                      Delete<VisuallyHidden> {row.Name}</VisuallyHidden>
                    </Button>
                  </>
                )}
              </Group>
            )}
          />
        )}
        <Group>
          <Button variant="light" onClick={() => setEditing('new')}>
            Add an address
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'Add an address' : `Edit ${editing.Name}`}
        centered
      >
        {editing !== null && (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.Id}
            customerId={customerId}
            row={editing === 'new' ? null : editing}
            isFirst={(book.data?.length ?? 0) === 0}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete ${deleting.Name}?` : ''}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">Orders placed to it keep their copy of the address.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={save.isPending && save.variables?.kind === 'delete'}
              onClick={() => {
                if (!deleting) return;
                const row = deleting;
                void act(
                  () => save.mutateAsync({ kind: 'delete', id: row.Id, version: row.Version }),
                  `${row.Name} was deleted.`,
                ).then(() => setDeleting(null));
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TitledSection>
  );
}

function AddressForm({
  customerId,
  row,
  isFirst,
  onDone,
}: {
  customerId: number;
  row: AddressRow | null;
  isFirst: boolean;
  onDone: () => void;
}) {
  const save = useSaveAddress();
  const keys = useIdempotencyKeys();
  const form = useForm<AddressValues>({
    mode: 'controlled',
    initialValues: row ? valuesOf(row) : blank,
    validate: (values) => formErrors(validateAddress(inputOf(values, false))),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      if (row) {
        const input = inputOf(values, row.IsDefault);
        await save.mutateAsync({ kind: 'update', id: row.Id, version: row.Version, input });
      } else {
        const input = { ...inputOf(values, isFirst), CustomerId: customerId };
        await save.mutateAsync({ kind: 'create', input, idempotencyKey: keys.keyFor(input) });
      }
      notifications.show({
        color: 'teal',
        title: 'Address saved',
        message: `${values.Name.trim()} was saved.`,
      });
      onDone();
    } catch (error) {
      const target = {
        setErrors: (errors: Record<string, string>) => form.setErrors(formErrors(errors)),
      };
      handleSaveError(error, target, { what: 'address' });
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate aria-label={row ? 'Edit address' : 'New address'}>
      <Stack gap="sm">
        <TextInput label="Name" maxLength={100} {...form.getInputProps('Name')} />
        <TextInput label="Street" maxLength={100} {...form.getInputProps('Line1')} />
        <TextInput
          label="Street, line 2 (optional)"
          maxLength={100}
          {...form.getInputProps('Line2')}
        />
        <TextInput
          label="Street, line 3 (optional)"
          maxLength={100}
          {...form.getInputProps('Line3')}
        />
        <TextInput label="City" maxLength={100} {...form.getInputProps('City')} />
        <TextInput label="Region (optional)" maxLength={100} {...form.getInputProps('Region')} />
        <TextInput label="Postal code" maxLength={20} {...form.getInputProps('PostalCode')} />
        <TextInput label="Country" maxLength={100} {...form.getInputProps('Country')} />
        <Textarea
          label="Dock or delivery notes (optional)"
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('DeliveryNotes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
