import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FINANCE_CALLS, type InvoiceDetails, invoiceDetailsSchema } from '@vap/contracts';
import { ApiError, useClient, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  applyFieldErrors,
  Button,
  Card,
  Descriptions,
  Empty,
  FormDialog,
  FormField,
  Input,
  message,
  Skeleton,
  useZodForm,
} from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { INVOICE_DETAILS_KEY } from '../finance-query.js';

const NO_DETAILS: InvoiceDetails = { tax_id: '', bank_name: '', bank_number: '', address: '', email: '' };

/** The server names a field of PUT invoice_details `invoice.tax_id`; the form names it `tax_id`. */
const FIELD_PREFIX = 'invoice.';
const formFields = (fields: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [
      name.startsWith(FIELD_PREFIX) ? name.slice(FIELD_PREFIX.length) : name,
      text,
    ]),
  );

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
        <InvoiceDetailsDialog details={details.data ?? null} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  );
}

function InvoiceDetailsDialog({ details, onClose }: { details: InvoiceDetails | null; onClose: () => void }) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const form = useZodForm(invoiceDetailsSchema, { defaultValues: details ?? NO_DETAILS });

  const submit = async (values: InvoiceDetails) => {
    try {
      queryClient.setQueryData(
        INVOICE_DETAILS_KEY,
        (await finance.saveInvoiceDetails({ body: { invoice: values } })).invoice,
      );
    } catch (error) {
      // Field messages go under the fields; the console shows the server's message. The dialog stays.
      if (error instanceof ApiError) applyFieldErrors(form, formFields(error.fields));
      return;
    }
    message.success(t('invoiceDetails.saved'));
    onClose();
  };

  const field = (name: keyof InvoiceDetails, label: string, maxLength: number, type = 'text') => (
    <FormField
      name={name}
      label={label}
      required
      render={({ field: props }) => <Input {...props} type={type} maxLength={maxLength} autoComplete="off" />}
    />
  );
  return (
    <FormDialog form={form} title={t('invoiceDetails.dialogTitle')} onSubmit={submit} onClose={onClose}>
      {field('tax_id', t('invoiceDetails.taxId'), 30)}
      {field('bank_name', t('invoiceDetails.bankName'), 100)}
      {field('bank_number', t('invoiceDetails.bankNumber'), 40)}
      {field('address', t('invoiceDetails.address'), 200)}
      {field('email', t('invoiceDetails.email'), 254, 'email')}
    </FormDialog>
  );
}
