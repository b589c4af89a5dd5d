import { useQueryClient } from '@tanstack/react-query';
import {
  FINANCE_CALLS,
  formatFen,
  INVOICE_MAX_ORDERS,
  INVOICE_PAYMENT_FILTERS,
  INVOICE_STATES,
  type InvoicePayment,
} from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  type Column,
  confirm,
  DataTable,
  Descriptions,
  FilterForm,
  message,
  Tag,
  useFilters,
} from '@vap/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  INVOICE_DETAILS_KEY,
  INVOICE_PAYMENTS_TABLE,
  INVOICES_TABLE,
  useInvoiceRecordRoute,
} from '../finance-query.js';
import { INVOICE_STATE_TONES } from '../states.js';

const totalOf = (orders: readonly InvoicePayment[]) => orders.reduce((sum, order) => sum + order.amount, 0);

/**
 * Page `invoice_payment` (spec §4.3): the company's paid recharge orders and their invoice state.
 * Orders not yet invoiced can be selected and, with the `apply` button of page invoice_record,
 * invoiced together after a confirmation showing them and their total. Without invoice details the
 * server refuses (409 `invoice_details_missing`): the page says so and links to where they are set.
 */
export default function InvoicePaymentPage() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const { route: recordRoute, mayApply } = useInvoiceRecordRoute();
  const filters = useFilters(INVOICE_PAYMENT_FILTERS, [
    {
      key: 'invoice_state',
      op: '=',
      kind: 'select',
      label: t('invoicePayment.invoiceState'),
      placeholder: t('invoicePayment.anyState'),
      options: INVOICE_STATES.map((state) => ({ value: state, label: t(`invoiceStates.${state}`) })),
      className: 'w-44',
    },
    { key: 'number', op: 'like', kind: 'text', label: t('invoicePayment.number'), className: 'w-48' },
  ]);
  const [detailsMissing, setDetailsMissing] = useState(false);

  const request = async (orders: InvoicePayment[], clearSelection: () => void) => {
    const amount = formatFen(totalOf(orders));
    const confirmed = await confirm({
      title: t('invoicePayment.requestTitle', { count: orders.length }),
      content: (
        <div className="flex flex-col gap-3">
          <Descriptions
            columns={1}
            bordered
            items={orders.map((order) => ({
              key: String(order.id),
              label: order.number,
              value: formatFen(order.amount),
            }))}
          />
          <p className="font-medium text-ink">{t('invoicePayment.requestTotal', { amount })}</p>
        </div>
      ),
      okText: t('invoicePayment.requestOk'),
    });
    if (!confirmed) return;
    try {
      const invoice = await finance.requestInvoice(
        { body: { order_ids: orders.map((order) => order.id) } },
        // Quiet: the page shows the refusals itself (details missing, with a link to them; orders not invoiceable or invoiced).
        { quiet: true },
      );
      setDetailsMissing(false);
      clearSelection();
      message.success(
        t('invoicePayment.requested', { number: invoice.number, amount: formatFen(invoice.amount) }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invoice_details_missing') setDetailsMissing(true);
      else if (!(error instanceof ApiError && error.code === 'cancelled'))
        message.error(error instanceof Error ? error.message : String(error));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['data-table', INVOICE_PAYMENTS_TABLE] });
      void queryClient.invalidateQueries({ queryKey: ['data-table', INVOICES_TABLE] });
      void queryClient.invalidateQueries({ queryKey: INVOICE_DETAILS_KEY });
    }
  };

  const columns: Column<InvoicePayment>[] = [
    { key: 'number', title: t('invoicePayment.number'), kind: 'id' },
    {
      key: 'amount',
      title: t('invoicePayment.amount'),
      kind: 'number',
      render: (row) => formatFen(row.amount),
    },
    { key: 'paid_at', title: t('invoicePayment.paidAt'), kind: 'date' },
    {
      key: 'invoice_state',
      title: t('invoicePayment.invoiceState'),
      kind: 'state',
      render: (row) => (
        <Tag tone={INVOICE_STATE_TONES[row.invoice_state]}>{t(`invoiceStates.${row.invoice_state}`)}</Tag>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <h1 className="text-lg font-medium text-ink">{t('invoicePayment.title')}</h1>
        <p className="text-sm text-ink-soft">{t('invoicePayment.description')}</p>
      </div>
      {detailsMissing ? (
        <Alert tone="warning">
          <span>{t('invoicePayment.detailsMissing')}</span>{' '}
          {recordRoute ? (
            <Link className="text-primary underline" to={recordRoute.path}>
              {t('invoicePayment.setDetails')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {recordRoute && !mayApply ? <Alert tone="info">{t('invoicePayment.applyNotPermitted')}</Alert> : null}
      <FilterForm label={t('invoicePayment.filters')} filters={filters} />
      <DataTable
        id={INVOICE_PAYMENTS_TABLE}
        label={t('invoicePayment.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => finance.invoicePayments({ query }, { signal })}
        emptyText={t('invoicePayment.empty')}
        selectable={mayApply}
        rowSelectable={(row) => row.invoice_state === 'not_invoiced'}
        bulkActions={(selected, clearSelection) => {
          const tooMany = selected.length > INVOICE_MAX_ORDERS;
          return (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-ink">
                {t('invoicePayment.selected', { amount: formatFen(totalOf(selected)) })}
              </span>
              {tooMany ? (
                <span className="text-sm text-warning">
                  {t('invoicePayment.tooMany', { max: INVOICE_MAX_ORDERS })}
                </span>
              ) : null}
              <Button
                size="small"
                variant="primary"
                disabled={tooMany}
                onClick={() => void request(selected, clearSelection)}
              >
                {t('invoicePayment.request')}
              </Button>
            </div>
          );
        }}
      />
    </div>
  );
}
