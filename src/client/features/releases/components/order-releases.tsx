/**
 * `/app/order/$id/release`: on hand per line, the release form, and the order's releases with the
 * actions the shared machine allows this person (staff schedule; buyers cancel while requested).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  canRelease,
  ORDER_STATUS_LABELS,
  RELEASE_STATUS_LABELS,
  releaseActionsFor,
  type ReleaseAction,
} from '../../../../shared/order-status';
import type { OrderDetail, ReleaseRow } from '../../../../shared/schemas/order';
import { useChangeReleaseStatus } from '../api/change-release-status';
import { useOrderReleases } from '../api/get-order-releases';
import { formatQty, formatReleaseNumber } from '../../../../shared/format';
import { useCan } from '../../../auth/use-can';
import { useOrdering } from '../../../auth/use-ordering';
import { LoadState } from '../../../ui/load-state';
import { ReleaseForm } from './release-form';
import { ReleasesTable } from './releases-table';
import { ActionFailureAlert } from '../../../ui/stale-record-alert';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { TitledSection } from '../../../ui/titled-section';

/** "100024-R2": the release as buyers name it, not the portal's row id (decision 044). */
const numberOf = (release: ReleaseRow) =>
  formatReleaseNumber(release.OrderNumber, release.Sequence);

export function OrderReleases({ order }: { order: OrderDetail }) {
  const { actor, customerId } = useOrdering();
  const mayRelease = useCan('release:create');
  const query = useOrderReleases(customerId, order.Id);
  const releases = query.data?.pages.flatMap((p) => p.data) ?? [];
  const change = useChangeReleaseStatus();
  const [cancelling, setCancelling] = useState<ReleaseRow | null>(null);
  const onHandKey = order.Lines.filter((l) => l.QtyOnHand > 0)
    .map((l) => l.Id)
    .join(',');

  const act = (release: ReleaseRow, action: ReleaseAction) =>
    change.mutate(
      { orderId: order.Id, releaseId: release.Id, version: release.Version, status: action.to },
      {
        onSuccess: (updated) =>
          notifications.show({
            color: 'teal',
            title: `Release ${numberOf(updated)}`,
            message: `${formatQty(updated.Qty)} × ${updated.ItemNumber} is now ${RELEASE_STATUS_LABELS[updated.Status].toLowerCase()}.`,
          }),
        onSettled: () => setCancelling(null),
      },
    );

  return (
    <Stack gap="lg">
      <TitledSection id="release-new" title="Release inventory">
        {!mayRelease ? (
          <Text role="status">
            Your role reads releases; a buyer of your company releases inventory.
          </Text>
        ) : canRelease(order.Status) ? (
          <ReleaseForm key={onHandKey} order={order} />
        ) : (
          <Text role="status">
            Inventory is released while an order is in production or ready; this one is{' '}
            {ORDER_STATUS_LABELS[order.Status]}.
          </Text>
        )}
      </TitledSection>

      <TitledSection id="release-list" title="Releases of this order">
        <Stack gap="sm">
          {change.isError && (
            <ActionFailureAlert
              error={change.error}
              onReset={change.reset}
              onReload={() => void query.refetch()}
            />
          )}
          <LoadState query={query} what="the releases" />
          {query.isSuccess && releases.length === 0 && (
            <Text role="status">Nothing has been released on this order yet.</Text>
          )}
          {releases.length > 0 && (
            <ReleasesTable
              label="Releases of this order"
              releases={releases}
              actions={(release) => {
                const actions = mayRelease ? releaseActionsFor(release.Status, actor) : [];
                if (actions.length === 0) return null;
                return (
                  <Group gap="xs" wrap="nowrap">
                    {actions.map((action) => (
                      <Button
                        key={action.to}
                        size="compact-sm"
                        variant={action.to === 'cancelled' ? 'subtle' : 'light'}
                        color={action.to === 'cancelled' ? 'red' : undefined}
                        aria-label={`${action.label} ${numberOf(release)}`}
                        loading={change.isPending && change.variables.releaseId === release.Id}
                        onClick={() => {
                          change.reset();
                          if (action.to === 'cancelled') setCancelling(release);
                          else act(release, action);
                        }}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </Group>
                );
              }}
            />
          )}
          <ShowMoreButton query={query} label="Show more releases" />
        </Stack>
      </TitledSection>

      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? `Cancel release ${numberOf(cancelling)}?` : ''}
      >
        <Stack gap="md">
          <Text>
            {cancelling &&
              `${formatQty(cancelling.Qty)} × ${cancelling.ItemNumber} go back on hand and can be released again.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep release
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() =>
                cancelling && act(cancelling, { to: 'cancelled', label: 'Cancel release' })
              }
            >
              Cancel release
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
