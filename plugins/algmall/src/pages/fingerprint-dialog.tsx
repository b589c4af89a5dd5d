import { useQueryClient } from '@tanstack/react-query';
import {
  ALGMALL_CALLS,
  type Authorisation,
  authoriseBodySchema,
  FINGERPRINT_MAX_BYTES,
  pathOf,
} from '@vap/contracts';
import { HttpRef, useClient, useService, useT } from '@vap/kernel';
import { Button, downloadBlob, Field, FormDialog, message, Select, useZodForm } from '@vap/ui';
import { useId, useRef, useState } from 'react';
import { licenceFileName, ORDERS_TABLE } from '../order.js';
import { LIST_PAGE } from '../product.js';
import { useProductOptions } from './product-options.js';
import { Refusal } from './refusal.js';

/** The dialog's one field: the algorithm, as POST authorisations names it. */
const productSchema = authoriseBodySchema.pick({ product_id: true });

/**
 * Authorises a device offline (POST offline_licences, the page's `add` button): the algorithm and the
 * device's fingerprint file (at most 20 MB — a larger one is refused here, 'file too large', before
 * it is sent), sent as a form; the licence file the server signs is downloaded at once. A refusal
 * stays in the dialog in the server's words: none left leads to the mall to buy more.
 */
export function FingerprintDialog({ onClose, onIssued }: { onClose: () => void; onIssued: () => void }) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const http = useService(HttpRef);
  const queryClient = useQueryClient();
  const form = useZodForm(productSchema, {});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [refusal, setRefusal] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const products = useProductOptions();
  const missing = form.formState.submitCount > 0 && !file && !fileError ? t('offline.fileRequired') : '';

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setRefusal(null);
    const tooLarge = chosen.size > FINGERPRINT_MAX_BYTES;
    setFile(tooLarge ? null : chosen);
    setFileError(tooLarge ? t('offline.fileTooLarge') : '');
  };

  const submit = async ({ product_id }: { product_id: number }) => {
    if (!file) return;
    setRefusal(null);
    // The product before the file: the server reads the form as it arrives.
    const body = new FormData();
    body.append('product_id', String(product_id));
    body.append('file', file);
    let issued: Authorisation;
    try {
      issued = await http.post<Authorisation>(pathOf(ALGMALL_CALLS.authoriseOffline), body, { quiet: true });
    } catch (error) {
      setRefusal(error);
      return;
    }
    message.success(t('offline.issued', { sn: issued.sn }));
    void queryClient.invalidateQueries({ queryKey: ['data-table', ORDERS_TABLE] });
    onIssued();
    onClose();
    try {
      const { blob } = await mall.offlineLicence({ params: { id: issued.id } });
      downloadBlob(licenceFileName(issued), blob);
    } catch {
      // The console shows the server's message; the list offers the file again.
    }
  };

  return (
    <FormDialog
      form={form}
      title={t('offline.add')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('offline.submit')}
    >
      <Field
        label={t('authorisations.dialog.product')}
        required
        error={form.formState.errors.product_id ? t('authorisations.dialog.chooseProduct') : undefined}
      >
        <Select
          options={products}
          placeholder={t('authorisations.dialog.chooseProduct')}
          value={form.watch('product_id') ? String(form.watch('product_id')) : ''}
          onValueChange={(value) =>
            form.setValue('product_id', Number(value), { shouldValidate: form.formState.isSubmitted })
          }
        />
      </Field>
      <Field
        label={t('offline.file')}
        required
        hint={t('offline.fileHint')}
        error={fileError || missing || undefined}
      >
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".json,.txt,.lic,application/json,text/plain"
            aria-label={t('offline.file')}
            className="sr-only"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button onClick={() => input.current?.click()}>{t('offline.choose')}</Button>
          <span className="text-sm text-ink-muted">{file ? file.name : t('offline.noFile')}</span>
        </div>
      </Field>
      {refusal ? (
        <Refusal
          error={refusal}
          code="authorisation_none"
          page={LIST_PAGE}
          action={t('authorisations.dialog.buy')}
          onLeave={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
