import { useQueryClient } from '@tanstack/react-query';
import { FINANCE_CALLS, type InvoiceDetails, invoiceDetailsSchema } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import { applyFieldErrors, FormDialog, FormField, Input, message, useZodForm } from '@vap/ui';
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

/** The company's invoice details, set or edited (PUT invoice_details); saved, the card shows them. */
export function InvoiceDetailsDialog({
  details,
  onClose,
}: {
  details: InvoiceDetails | null;
  onClose: () => void;
}) {
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
