/**
 * A shipment's files as downloads: `GET /api/db/shipments/:id/packing-list` (the packing list /
 * bill of lading PDF, drawn by the server) and `GET /api/db/shipments/:id/proofs/:proofId` (a
 * proof of delivery). Fetched through the API layer, which carries the bearer token a plain link
 * cannot, then handed to the browser to save.
 */
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type ShipmentFile =
  | { kind: 'packing-list'; shipmentId: number }
  | { kind: 'proof'; shipmentId: number; proofId: number };

export function shipmentFilePath(file: ShipmentFile): string {
  const base = `/api/db/shipments/${file.shipmentId}`;
  return file.kind === 'packing-list' ? `${base}/packing-list` : `${base}/proofs/${file.proofId}`;
}

export async function downloadShipmentFile(file: ShipmentFile): Promise<string> {
  const downloaded = await apiDownload(shipmentFilePath(file));
  saveFile(downloaded);
  return downloaded.fileName;
}

export function useDownloadShipmentFile() {
  return useMutation({ mutationFn: downloadShipmentFile });
}
