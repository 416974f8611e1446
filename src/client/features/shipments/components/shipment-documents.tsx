/**
 * The papers of one shipment: its packing list and bill of lading, drawn by the server as PDFs, and
 * the proofs of delivery staff attach (the newest is the current one, older ones stay listed).
 * Buyers of the customer and staff download both; only staff see the upload. A chosen file is
 * checked here as the API checks it (type by its first bytes, at most 5 MB), so a wrong file is
 * explained at once, and a refusal changes nothing else on the page.
 */
import { Alert, Button, FileInput, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatFileSize, formatShipmentNumber } from '../../../../shared/format';
import {
  MAX_PROOF_BYTES,
  PROOF_TYPES,
  sniffProofType,
  type ProofRow,
} from '../../../../shared/proof';
import type { ShipmentRow } from '../../../../shared/schemas/order';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { DataTable } from '../../../ui/data-table';
import { LoadState } from '../../../ui/load-state';
import { useDownloadShipmentFile, type ShipmentFile } from '../api/download-shipment-file';
import { useShipmentProofs } from '../api/get-shipment-proofs';
import { useUploadShipmentProof } from '../api/upload-shipment-proof';
import { useOrdering } from '../../../auth/use-ordering';

const LIMIT = formatFileSize(MAX_PROOF_BYTES);

/** Why a chosen file cannot be a proof of delivery, or null when the API will take it. */
export async function proofFileProblem(file: Blob & { name: string }): Promise<string | null> {
  if (file.size > MAX_PROOF_BYTES) {
    return `“${file.name}” is larger than ${LIMIT}, the most a proof of delivery may be. Scan it at a lower resolution, or as a JPEG, and choose it again.`;
  }
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (sniffProofType(head) === null) {
    return `“${file.name}” is not a PDF, JPEG or PNG file. Scan or photograph the signed delivery note and choose that file.`;
  }
  return null;
}

function ProofUpload({ shipmentId }: { shipmentId: number }) {
  const { customerId } = useOrdering();
  const upload = useUploadShipmentProof(customerId);
  const keys = useIdempotencyKeys();
  const [problem, setProblem] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (file === null) return;
    setAttached(null);
    const refused = await proofFileProblem(file);
    setProblem(refused);
    if (refused) return;
    // The same file chosen again after a failure is the same upload; after a success, a new one.
    const same = { shipmentId, name: file.name, size: file.size, modified: file.lastModified };
    upload.mutate(
      { shipmentId, file, idempotencyKey: keys.keyFor(same) },
      {
        onSuccess: (proof) => {
          keys.reset();
          setAttached(`“${file.name}” is attached as ${proof.FileName}.`);
        },
        onError: (error) => setProblem(fieldErrors(error).File ?? errorMessage(error)),
      },
    );
  };

  return (
    <Stack gap={4}>
      <FileInput
        label="Attach a proof of delivery"
        description={`PDF, JPEG or PNG, up to ${LIMIT}. A new file becomes the current proof; earlier ones stay listed.`}
        accept={PROOF_TYPES.join(',')}
        placeholder="Choose a file…"
        // Mantine's placeholder grey is below 4.5:1; the theme's dimmed colour is not.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        maw={560}
        value={null}
        disabled={upload.isPending}
        rightSection={upload.isPending ? <Loader size="xs" aria-hidden /> : undefined}
        error={problem}
        onChange={(file) => void choose(file)}
      />
      {upload.isPending && (
        <Text size="sm" role="status">
          Uploading…
        </Text>
      )}
      {attached && (
        <Text size="sm" role="status">
          {attached}
        </Text>
      )}
    </Stack>
  );
}

export function ShipmentDocuments({ shipment }: { shipment: ShipmentRow }) {
  const { actor, customerId } = useOrdering();
  const proofsQuery = useShipmentProofs(customerId, shipment.Id);
  const proofs = proofsQuery.data ?? [];
  const download = useDownloadShipmentFile();
  const fetching = (file: ShipmentFile) =>
    download.isPending &&
    download.variables.kind === file.kind &&
    (file.kind !== 'proof' ||
      (download.variables.kind === 'proof' && download.variables.proofId === file.proofId));
  const packingList: ShipmentFile = { kind: 'packing-list', shipmentId: shipment.Id };
  const billOfLading: ShipmentFile = { kind: 'bill-of-lading', shipmentId: shipment.Id };
  const proofFile = (proof: ProofRow): ShipmentFile => ({
    kind: 'proof',
    shipmentId: shipment.Id,
    proofId: proof.Id,
  });

  const headingId = `shipment-${shipment.Id}-documents`;
  const number = formatShipmentNumber(shipment.OrderNumber, shipment.Sequence);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={4} size="h5" id={headingId}>
        Documents of shipment {number}
      </Title>
      <Group>
        <Button
          variant="default"
          loading={fetching(packingList)}
          onClick={() => download.mutate(packingList)}
        >
          Packing list (PDF)
        </Button>
        <Button
          variant="default"
          loading={fetching(billOfLading)}
          onClick={() => download.mutate(billOfLading)}
        >
          Bill of lading (PDF)
        </Button>
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" role="alert" title="The file was not downloaded">
          {errorMessage(download.error)}
        </Alert>
      )}
      <LoadState query={proofsQuery} what="the proofs of delivery" />
      {proofsQuery.isSuccess && proofs.length === 0 && (
        <Text size="sm">No proof of delivery is attached yet.</Text>
      )}
      {proofs.length > 0 && (
        <DataTable
          caption={`Proofs of delivery of shipment ${number}`}
          minWidth={420}
          verticalSpacing={4}
          rows={proofs}
          rowKey={(proof) => proof.Id}
          columns={[
            {
              header: 'Proof of delivery',
              breakable: true,
              cell: (proof) =>
                proof.Id === proofs[0]?.Id && proofs.length > 1
                  ? `${proof.FileName} (current)`
                  : proof.FileName,
            },
            { header: 'Size', numeric: true, cell: (proof) => formatFileSize(proof.Size) },
            { header: 'Attached', cell: (proof) => formatDateTime(proof.CreatedDate) },
          ]}
          actions={(proof) => (
            <Button
              size="xs"
              variant="default"
              loading={fetching(proofFile(proof))}
              aria-label={`Download ${proof.FileName}, attached ${formatDateTime(proof.CreatedDate)}`}
              onClick={() => download.mutate(proofFile(proof))}
            >
              Download
            </Button>
          )}
        />
      )}
      {actor === 'staff' && <ProofUpload shipmentId={shipment.Id} />}
    </Stack>
  );
}
