/**
 * Proofs of delivery: a PDF, JPEG or PNG up to 5 MB, recognised by its first bytes, never by its
 * file name or declared type. Anything else (HTML, SVG, a renamed file) is refused, so a proof can
 * never be served back as a page that runs script on the portal's origin.
 *
 * Shared so that the upload form can tell the person at once, and the API decides for good.
 */
import { z } from 'zod';
import { idSchema } from './schemas/common';

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The type the bytes really are, or null when they are none of the accepted ones. */
export function sniffProofType(bytes: Uint8Array): ProofType | null {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}

const EXTENSIONS: Record<ProofType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The name a proof is downloaded under: made from the shipment, not from what was uploaded. */
export function proofFileName(shipmentId: number, type: ProofType): string {
  return `proof-of-delivery-shipment-${shipmentId}.${EXTENSIONS[type]}`;
}

/** A proof of delivery as listed (never with its bytes): the API's answer and the client's row. */
export const proofRowSchema = z.object({
  Id: idSchema,
  ShipmentId: idSchema,
  FileName: z.string(),
  ContentType: z.enum(PROOF_TYPES),
  Size: z.number().int(),
  CreatedDate: z.string(),
});
export type ProofRow = z.infer<typeof proofRowSchema>;
