/**
 * The statement of account: `GET /api/db/statement` (what the screen and its CSV show) and
 * `GET /api/db/statement/pdf` (the same as a PDF download).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { statementSchema, type Statement } from '../../../../shared/schemas/invoice';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, downloadFrom, type FileAnswer, type Rows } from '../../../lib/api-route';
import { saveFile } from '../../../lib/save-file';
import { invoiceKeys } from './keys';

export const getStatementRoute = apiRoute('GET', '/api/db/statement').answers<Rows<Statement>>();
export const statementPdfRoute = apiRoute('GET', '/api/db/statement/pdf').answers<FileAnswer>();

export interface StatementPeriod {
  asOf: string;
  /** The first of asOf's month when left out. */
  from?: string | undefined;
}

export const statementQueryOptions = (customerId: number | null, period: StatementPeriod) =>
  queryOptions({
    queryKey: invoiceKeys.statement(customerId, period.asOf, period.from),
    queryFn: ({ signal }) =>
      fetchOne(statementSchema, getStatementRoute, { query: { ...period }, signal }),
    placeholderData: keepPreviousData,
  });

export const useStatement = (customerId: number | null, period: StatementPeriod) =>
  useQuery(statementQueryOptions(customerId, period));

export async function downloadStatementPdf(period: StatementPeriod): Promise<string> {
  const file = await downloadFrom(statementPdfRoute, { query: { ...period } });
  saveFile(file);
  return file.fileName;
}

export const useDownloadStatementPdf = () => useMutation({ mutationFn: downloadStatementPdf });
