import {
  FINANCE_CALLS,
  formatFen,
  INVOICE_EXPORT_MAX_ROWS,
  INVOICE_FILTERS,
  type Invoice,
  listParams,
} from '@vap/contracts';
import { ApiError, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  DataTable,
  type DataTableHandle,
  Descriptions,
  Drawer,
  downloadBlob,
  ExportButton,
  FilterForm,
  message,
  rowActionsColumn,
  Tag,
  useFilters,
} from '@vap/ui';
import { useRef, useState } from 'react';
import { INVOICES_TABLE } from '../finance-query.js';
import { INVOICE_STATE_TONES } from '../states.js';
import { InvoiceDetailsCard, useDetailItems } from './invoice-details.js';

/** An invoice request's own states (an order can also be not invoiced). */
const REQUEST_STATES = ['invoicing', 'invoiced'] as const;

/** The longest wait for an invoice's PDF: made on the call, it may take longer than a page of data. */
const PDF_TIMEOUT_MS = 60_000;

/**
 * Downloads an invoice request's PDF (made by the server in the user's language) as
 * `{file word}-{number}.pdf`, saying so while it is made; a second click meanwhile does nothing.
 */
function useInvoicePdf() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const inFlight = useRef(new Set<number>());
  const [downloading, setDownloading] = useState<readonly number[]>([]);
  const run = async (invoice: Invoice) => {
    if (inFlight.current.has(invoice.id)) return;
    inFlight.current.add(invoice.id);
    setDownloading([...inFlight.current]);
    const preparing = message.info(t('invoiceRecord.pdfLoading', { number: invoice.number }), 0);
    try {
      const { blob } = await finance.invoicePdf(
        { params: { id: invoice.id } },
        // The server makes the document on the call; its first one in a process loads the CJK fonts.
        { timeoutMs: PDF_TIMEOUT_MS },
      );
      downloadBlob(`${t('invoiceRecord.pdfFile')}-${invoice.number}.pdf`, blob);
    } catch (error) {
      // A refusal was announced with the server's message; an answer that is no file was not.
      if (error instanceof ApiError && error.code === 'invalid_response')
        message.error(t('invoiceRecord.pdfFailed'));
    } finally {
      message.dismiss(preparing);
      inFlight.current.delete(invoice.id);
      setDownloading([...inFlight.current]);
    }
  };
  return {
    download: (invoice: Invoice) => void run(invoice),
    isDownloading: (invoice: Invoice) => downloading.includes(invoice.id),
  };
}

/**
 * Page `invoice_record` (spec §3 Invoice, §4.3): the company's invoice details, edited with the
 * `apply` button, and its invoice requests — invoicing until the platform issues the tax invoice,
 * whose number then shows — each with its orders and the details it was asked with, downloaded as
 * a PDF, and exported (.xlsx made by the server) with the role's `export` button.
 */
export default function InvoiceRecordPage() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const mayExport = usePermission('export');
  const pdf = useInvoicePdf();
  const table = useRef<DataTableHandle>(null);
  const filters = useFilters(INVOICE_FILTERS, [
    {
      key: 'state',
      op: '=',
      kind: 'select',
      label: t('invoiceRecord.state'),
      placeholder: t('invoiceRecord.anyState'),
      options: REQUEST_STATES.map((state) => ({ value: state, label: t(`invoiceStates.${state}`) })),
      className: 'w-40',
    },
    { key: 'number', op: 'like', kind: 'text', label: t('invoiceRecord.number'), className: 'w-48' },
    {
      key: 'requested_at',
      op: 'between',
      kind: 'days',
      label: t('invoiceRecord.requestedAt'),
      className: 'w-64',
    },
  ]);
  const [shown, setShown] = useState<Invoice | null>(null);
  const wheres = filters.wheres;

  const columns: Column<Invoice>[] = [
    { key: 'number', title: t('invoiceRecord.number'), kind: 'id' },
    {
      key: 'amount',
      title: t('invoiceRecord.amount'),
      kind: 'number',
      render: (row) => formatFen(row.amount),
    },
    {
      key: 'state',
      title: t('invoiceRecord.state'),
      kind: 'state',
      render: (row) => <Tag tone={INVOICE_STATE_TONES[row.state]}>{t(`invoiceStates.${row.state}`)}</Tag>,
    },
    {
      key: 'orders',
      title: t('invoiceRecord.orders'),
      render: (row) => (
        <div className="flex flex-col">
          <span>{t('invoiceRecord.ordersCount', { count: row.orders.length })}</span>
          <span className="text-xs text-ink-soft">{row.orders.map((order) => order.number).join(', ')}</span>
        </div>
      ),
    },
    {
      key: 'invoice_number',
      title: t('invoiceRecord.invoiceNumber'),
      kind: 'id',
      render: (row) => row.invoice_number || '—',
    },
    { key: 'requested_at', title: t('invoiceRecord.requestedAt'), kind: 'date' },
    { key: 'issued_at', title: t('invoiceRecord.issuedAt'), kind: 'date' },
    rowActionsColumn(t('common.actions'), (row) => [
      { label: t('invoiceRecord.details'), onClick: () => setShown(row) },
      { label: t('invoiceRecord.pdf'), onClick: () => pdf.download(row) },
    ]),
  ];

  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <h1 className="text-lg font-medium text-ink">{t('invoiceRecord.title')}</h1>
        <p className="text-sm text-ink-soft">{t('invoiceRecord.description')}</p>
      </div>
      <InvoiceDetailsCard />
      <FilterForm label={t('invoiceRecord.filters')} filters={filters} />
      <DataTable
        id={INVOICES_TABLE}
        label={t('invoiceRecord.title')}
        columns={columns}
        rowKey={(row) => row.id}
        ref={table}
        filters={wheres}
        load={(query, signal) => finance.invoices({ query }, { signal })}
        emptyText={t('invoiceRecord.empty')}
        toolbar={
          mayExport ? (
            <ExportButton
              total={() => table.current?.total() ?? null}
              max={INVOICE_EXPORT_MAX_ROWS}
              file={t('invoiceRecord.exportFile')}
              download={() =>
                finance
                  .exportInvoices({ query: listParams(table.current?.query().wheres ?? wheres) })
                  .then(({ blob }) => blob)
              }
            />
          ) : null
        }
      />
      <InvoiceDrawer
        invoice={shown}
        onClose={() => setShown(null)}
        downloading={shown !== null && pdf.isDownloading(shown)}
        onDownload={pdf.download}
      />
    </div>
  );
}

interface InvoiceDrawerProps {
  invoice: Invoice | null;
  onClose: () => void;
  /** Whether its PDF is being made. */
  downloading: boolean;
  onDownload: (invoice: Invoice) => void;
}

/** One invoice request: its orders and the details it was asked with, and its PDF. */
function InvoiceDrawer({ invoice, onClose, downloading, onDownload }: InvoiceDrawerProps) {
  const t = useT('finance');
  const detailItems = useDetailItems();
  return (
    <Drawer
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width={520}
      title={invoice ? t('invoiceRecord.detailsTitle', { number: invoice.number }) : ''}
      footer={
        invoice ? (
          <Button loading={downloading} onClick={() => onDownload(invoice)}>
            {t('invoiceRecord.pdfDownload')}
          </Button>
        ) : null
      }
    >
      {invoice ? (
        <div className="flex flex-col gap-4">
          <Descriptions
            title={t('invoiceRecord.ordersCount', { count: invoice.orders.length })}
            columns={1}
            bordered
            items={invoice.orders.map((order) => ({
              key: String(order.id),
              label: order.number,
              value: formatFen(order.amount),
            }))}
          />
          <Descriptions
            title={t('invoiceRecord.detailsUsed')}
            columns={1}
            items={detailItems(invoice.details)}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
