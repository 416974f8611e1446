/**
 * A shipment's documents (docs/product/ordering-tools.md): the packing list and bill of lading
 * PDFs and the proof of delivery. Buyers of the shipment's customer and staff read them; only staff
 * attach a proof. Every handler resolves the customer in effect first, so another customer's
 * shipment is a 404.
 */
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/api';
import { MAX_PROOF_BYTES, proofRowSchema, sniffProofType } from '../../shared/proof';
import { idParamSchema } from '../../shared/schemas/common';
import { created, downloadHeaders } from '../http/answers';
import { authenticate, isStaff, requireUser, resolveCustomerScope } from '../identity/auth';
import type { AppEnv } from '../http/context';
import { ApiException, forbidden } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  errors,
  idempotencyHeader,
  json,
  limitBody,
} from '../http/openapi';
import { perUserLimit, perUserReadLimit, READ_LIMITS, WRITE_LIMITS } from '../http/rate-limit';
import { billOfLadingFileName } from './bill-of-lading';
import {
  addProof,
  findProof,
  latestProof,
  listProofs,
  paperPdf,
  shippingPaperData,
  type PaperKind,
} from './documents';
import { packingListFileName } from './packing-list';

const TAGS = ['shipments'];
const shipmentParam = z.object({ id: idParamSchema });
const proofParam = z.object({ id: idParamSchema, proofId: idParamSchema });
const scoped = z.object(customerHeader);
const binary = z.string().openapi({ format: 'binary' });

const MEGABYTES = `${MAX_PROOF_BYTES / (1024 * 1024)} MB`;
const proofTooLarge = () =>
  new ApiException(413, ERROR_CODES.tooLarge, `A proof of delivery may be at most ${MEGABYTES}.`, {
    File: `At most ${MEGABYTES}.`,
  });

/** The documents share one strict per-person budget (READ_LIMITS), counted in the database. */
const documentLimit = perUserReadLimit(READ_LIMITS.document);

const getPackingList = createRoute({
  method: 'get',
  operationId: 'getShipmentPackingList',
  path: '/{id}/packing-list',
  summary:
    "A shipment's packing list as a PDF download: shipper and consignee, notes, and per line what was ordered, shipped now, shipped before and is still to come",
  tags: TAGS,
  middleware: [documentLimit],
  request: { params: shipmentParam, headers: scoped },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: binary } } },
    ...errors(404, 429),
  },
});

const getBillOfLading = createRoute({
  method: 'get',
  operationId: 'getShipmentBillOfLading',
  path: '/{id}/bill-of-lading',
  summary:
    "A shipment's straight bill of lading (the VICS standard's fields, its number as a Code 128 barcode) as a PDF download",
  tags: TAGS,
  middleware: [documentLimit],
  request: { params: shipmentParam, headers: scoped },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: binary } } },
    ...errors(404, 429),
  },
});

const PAPER_FILE_NAMES: Record<PaperKind, (orderNumber: number, shipmentId: number) => string> = {
  'packing-list': packingListFileName,
  'bill-of-lading': billOfLadingFileName,
};

const listProofsRoute = createRoute({
  method: 'get',
  operationId: 'listShipmentProofs',
  path: '/{id}/proofs',
  summary: "A shipment's proofs of delivery, newest (the current one) first",
  tags: TAGS,
  request: { params: shipmentParam, headers: scoped },
  responses: {
    200: json(z.object({ data: z.array(proofRowSchema) }), 'The proofs'),
    ...errors(404),
  },
});

/** A proof as its download: the file with its real type, never anything a browser would run. */
const proofDownload = {
  200: {
    description: 'The file, with its real type',
    content: {
      'application/pdf': { schema: binary },
      'image/jpeg': { schema: binary },
      'image/png': { schema: binary },
    },
  },
  ...errors(404, 429),
};

const getProof = createRoute({
  method: 'get',
  operationId: 'getShipmentProof',
  path: '/{id}/proof',
  summary: "The shipment's current proof of delivery (PDF, JPEG or PNG) as a download",
  tags: TAGS,
  middleware: [documentLimit],
  request: { params: shipmentParam, headers: scoped },
  responses: proofDownload,
});

const getProofVersion = createRoute({
  method: 'get',
  operationId: 'getShipmentProofVersion',
  path: '/{id}/proofs/{proofId}',
  summary: 'One proof of delivery of the shipment, the current or an older one, as a download',
  tags: TAGS,
  middleware: [documentLimit],
  request: { params: proofParam, headers: scoped },
  responses: proofDownload,
});

const uploadProof = createRoute({
  method: 'post',
  operationId: 'uploadShipmentProof',
  path: '/{id}/proofs',
  summary: `Staff: attach a proof of delivery (the file as the raw body: PDF, JPEG or PNG up to ${MEGABYTES}); a new upload is a new version`,
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: shipmentParam,
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: { required: true, content: { 'application/octet-stream': { schema: binary } } },
  },
  responses: {
    201: json(dataOf(proofRowSchema), 'The proof as stored'),
    ...errors(404, 413, 422, 429),
  },
});

const sendProof = (
  c: Context<AppEnv>,
  proof: { Content: Uint8Array; ContentType: string; FileName: string },
) => c.body(new Uint8Array(proof.Content), 200, downloadHeaders(proof.ContentType, proof.FileName));

// The proof travels as the request's raw body: refused by its length before it is read.
const router = createRouter({ bodyLimit: limitBody(MAX_PROOF_BYTES, proofTooLarge) });
router.use(authenticate);

async function sendPaper(c: Context<AppEnv>, kind: PaperKind, shipmentId: number) {
  const { customerId } = await resolveCustomerScope(c);
  const data = await shippingPaperData(c.get('db'), customerId, shipmentId, c.get('shipper'));
  const pdf = await paperPdf(c.get('db'), kind, data);
  const fileName = PAPER_FILE_NAMES[kind](data.OrderNumber, data.ShipmentId);
  return c.body(new Uint8Array(pdf), 200, downloadHeaders('application/pdf', fileName));
}

export const shipmentsRoutes = router
  .openapi(getPackingList, (c) => sendPaper(c, 'packing-list', c.req.valid('param').id))
  .openapi(getBillOfLading, (c) => sendPaper(c, 'bill-of-lading', c.req.valid('param').id))
  .openapi(listProofsRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    return c.json(
      { data: await listProofs(c.get('db'), customerId, c.req.valid('param').id) },
      200,
    );
  })
  .openapi(getProof, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    return sendProof(c, await latestProof(c.get('db'), customerId, c.req.valid('param').id));
  })
  .openapi(getProofVersion, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const { id, proofId } = c.req.valid('param');
    return sendProof(c, await findProof(c.get('db'), customerId, id, proofId));
  })
  .openapi(uploadProof, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const user = requireUser(c);
    if (!isStaff(user)) throw forbidden('Only staff attach proofs of delivery.');
    const { id } = c.req.valid('param');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > MAX_PROOF_BYTES) throw proofTooLarge();
    const type = sniffProofType(bytes);
    if (!type) {
      // Judged by the bytes alone: a page or an SVG renamed .pdf is still refused.
      throw new ApiException(
        422,
        ERROR_CODES.invalid,
        'A proof of delivery must be a PDF, JPEG or PNG file.',
        {
          File: 'Choose a PDF, JPEG or PNG file.',
        },
      );
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    return createIdempotently(
      c,
      { ShipmentId: id, Sha256: digest },
      async (tx) => created(await addProof(tx, customerId, id, user.Uid, { type, bytes })),
      { customerId },
    );
  });
