/**
 * A shipment's files as downloads: `GET /api/db/shipments/:id/packing-list` (the packing list /
 * bill of lading PDF, drawn by the server) and `GET /api/db/shipments/:id/proofs/:proofId` (a
 * proof of delivery). Fetched through the API layer, which carries the bearer token a plain link
 * cannot, then handed to the browser to save.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRoute, downloadFrom, type FileAnswer } from '../../../lib/api-route';
import { saveFile } from '../../../lib/save-file';

export const packingListRoute = apiRoute(
  'GET',
  '/api/db/shipments/:id/packing-list',
).answers<FileAnswer>();
export const proofFileRoute = apiRoute(
  'GET',
  '/api/db/shipments/:id/proofs/:proofId',
).answers<FileAnswer>();

export type ShipmentFile =
  | { kind: 'packing-list'; shipmentId: number }
  | { kind: 'proof'; shipmentId: number; proofId: number };

export async function downloadShipmentFile(file: ShipmentFile): Promise<string> {
  const downloaded = await (file.kind === 'packing-list'
    ? downloadFrom(packingListRoute, { params: { id: file.shipmentId } })
    : downloadFrom(proofFileRoute, { params: { id: file.shipmentId, proofId: file.proofId } }));
  saveFile(downloaded);
  return downloaded.fileName;
}

export function useDownloadShipmentFile() {
  return useMutation({ mutationFn: downloadShipmentFile });
}
