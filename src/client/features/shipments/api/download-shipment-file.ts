/**
 * A shipment's files as downloads: `GET /api/db/shipments/:id/packing-list` and
 * `GET /api/db/shipments/:id/bill-of-lading` (the two shipping papers, drawn by the server) and `GET /api/db/shipments/:id/proofs/:proofId` (a
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
export const billOfLadingRoute = apiRoute(
  'GET',
  '/api/db/shipments/:id/bill-of-lading',
).answers<FileAnswer>();
export const proofFileRoute = apiRoute(
  'GET',
  '/api/db/shipments/:id/proofs/:proofId',
).answers<FileAnswer>();

export type ShipmentFile =
  | { kind: 'packing-list' | 'bill-of-lading'; shipmentId: number }
  | { kind: 'proof'; shipmentId: number; proofId: number };

export async function downloadShipmentFile(file: ShipmentFile): Promise<string> {
  const downloaded = await (file.kind === 'proof'
    ? downloadFrom(proofFileRoute, { params: { id: file.shipmentId, proofId: file.proofId } })
    : downloadFrom(file.kind === 'packing-list' ? packingListRoute : billOfLadingRoute, {
        params: { id: file.shipmentId },
      }));
  saveFile(downloaded);
  return downloaded.fileName;
}

export function useDownloadShipmentFile() {
  return useMutation({ mutationFn: downloadShipmentFile });
}
