/** `/app/invoices/$id`: one invoice of the customer in effect. */
import { createFileRoute } from '@tanstack/react-router';
import { invoiceQueryOptions } from '../../../../features/invoices/api/get-invoice';
import { InvoicePage } from '../../../../features/invoices/components/invoice-page';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/invoices/$id')({
  head: () => pageHead('Invoice'),
  loader: ({ context: { queryClient }, params }) =>
    loadRouteData(() => queryClient.ensureQueryData(invoiceQueryOptions(Number(params.id)))),
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { id } = Route.useParams();
  return <InvoicePage id={Number(id)} />;
}
