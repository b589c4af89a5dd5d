import { useQuery } from '@tanstack/react-query';
import { FINANCE_CALLS, type InvoiceDetails } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import { Alert, Button, Card, Descriptions, Empty, Skeleton } from '@vap/ui';
import { type ReactNode, Suspense, useState } from 'react';
import { INVOICE_DETAILS_KEY } from '../finance-query.js';

/**
 * The editing dialog loads when first opened, not with the page (issue 30 §5): with the form
 * library that only it uses on the invoice record page.
 */
const InvoiceDetailsDialog = lazyExport(() => import('./invoice-details-dialog.js'), 'InvoiceDetailsDialog');

/** The details as they read in a card or the invoice request's drawer. */
export function useDetailItems() {
  const t = useT('finance');
  return (details: InvoiceDetails) => [
    { key: 'tax_id', label: t('invoiceDetails.taxId'), value: details.tax_id },
    { key: 'bank_name', label: t('invoiceDetails.bankName'), value: details.bank_name },
    { key: 'bank_number', label: t('invoiceDetails.bankNumber'), value: details.bank_number },
    { key: 'email', label: t('invoiceDetails.email'), value: details.email },
    { key: 'address', label: t('invoiceDetails.address'), value: details.address, span: 2 },
  ];
}

/**
 * The company's invoice details (spec §3 Invoice): shown, or an empty state saying they are needed
 * before any invoice; with the `apply` button, edited in a dialog (PUT invoice_details).
 */
export function InvoiceDetailsCard() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const mayEdit = usePermission('apply');
  const detailItems = useDetailItems();
  const [editing, setEditing] = useState(false);
  const details = useQuery({
    queryKey: INVOICE_DETAILS_KEY,
    queryFn: async ({ signal }) => (await finance.invoiceDetails({}, { signal })).invoice,
  });

  const editButton = mayEdit ? (
    <Button size="small" variant={details.data ? 'default' : 'primary'} onClick={() => setEditing(true)}>
      {details.data ? t('invoiceDetails.edit') : t('invoiceDetails.set')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (details.isPending) body = <Skeleton className="h-20" />;
  else if (details.isError)
    body = <Alert tone="error">{t('invoiceDetails.loadFailed', { message: details.error.message })}</Alert>;
  else if (details.data) body = <Descriptions columns={2} items={detailItems(details.data)} />;
  else body = <Empty description={t('invoiceDetails.empty')} />;

  return (
    <Card title={t('invoiceDetails.title')} extra={details.isSuccess ? editButton : null}>
      {body}
      {editing ? (
        <Suspense fallback={null}>
          <InvoiceDetailsDialog details={details.data ?? null} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
