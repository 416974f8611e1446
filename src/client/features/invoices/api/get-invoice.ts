/**
 * One invoice, `GET /api/db/invoices/:id`, and its PDF, `GET /api/db/invoices/:id/pdf` (fetched
 * through the API layer, which carries the bearer token a plain link cannot, then saved).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { localToday } from '../../../../shared/calendar-date';
import { invoiceDetailSchema, type InvoiceDetail } from '../../../../shared/schemas/invoice';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, downloadFrom, type FileAnswer, type Rows } from '../../../lib/api-route';
import { saveFile } from '../../../lib/save-file';
import { invoiceKeys } from './keys';

export const getInvoiceRoute = apiRoute('GET', '/api/db/invoices/:id').answers<
  Rows<InvoiceDetail>
>();
export const invoicePdfRoute = apiRoute('GET', '/api/db/invoices/:id/pdf').answers<FileAnswer>();

export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchOne(invoiceDetailSchema, getInvoiceRoute, {
        params: { id },
        query: { today: localToday() },
        signal,
      }),
  });

export const useInvoice = (id: number) => useQuery(invoiceQueryOptions(id));

export async function downloadInvoicePdf(id: number): Promise<string> {
  const file = await downloadFrom(invoicePdfRoute, { params: { id } });
  saveFile(file);
  return file.fileName;
}

export const useDownloadInvoicePdf = () => useMutation({ mutationFn: downloadInvoicePdf });
