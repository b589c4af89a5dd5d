import {
  COMPANY_CALLS,
  displayFormSchema,
  LOGO_MAX_BYTES,
  PRODUCT_FLAGS,
  type Products,
  type ProductsUpdate,
} from '@vap/contracts';
import { useClient, useKernel, useSession, useT } from '@vap/kernel';
import { Button, checkFile, FormDialog, message, Switch, TextField, useZodForm } from '@vap/ui';
import { type ChangeEvent, useRef, useState } from 'react';
import { ReadOnlyField } from './read-only-field.js';
import { messageOf } from './upload.js';

/** Spec §5.2: the logo is jpeg or png, at most 1,048,576 bytes. */
export const LOGO_RULES = { accept: ['image/jpeg', 'image/png'], maxBytes: LOGO_MAX_BYTES } as const;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The flags that differ from the company's: only they are sent. */
function changedProducts(current: Products | undefined, chosen: Products): ProductsUpdate | null {
  const changed = PRODUCT_FLAGS.filter((flag) => current?.[flag] !== chosen[flag]);
  if (changed.length === 0) return null;
  return Object.fromEntries(changed.map((flag) => [flag, chosen[flag] === 0 ? 0 : 1])) as ProductsUpdate;
}

/**
 * Display settings (spec §2.4, §3 "Forms", §5.2), owner only: the company name read-only, the
 * title, a logo sent as base64 without its `data:` prefix, and the company's paid products (spec §3
 * company products, 0 is on; issue 17). The sidebar, and the plugins a product enables, change at
 * once: the session reloads user info.
 */
export default function DisplayDialog({ onClose }: { onClose: () => void }) {
  const kernel = useKernel();
  const companyCalls = useClient(COMPANY_CALLS);
  const t = useT('own-account');
  const { user } = useSession();
  const company = user?.company;
  const form = useZodForm(displayFormSchema, { defaultValues: { title: company?.title ?? '' } });
  const [logo, setLogo] = useState<{ base64: string; preview: string } | null>(null);
  const [products, setProducts] = useState<Products | undefined>(company?.products);
  const fileInput = useRef<HTMLInputElement>(null);

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (await checkFile(file, LOGO_RULES)) {
      message.warning(t('display.logoTip'));
      return;
    }
    const preview = await readDataUrl(file);
    setLogo({ base64: preview.slice(preview.indexOf(',') + 1), preview });
  };

  const submit = async ({ title }: { title: string }) => {
    try {
      const productChanges = products ? changedProducts(company?.products, products) : null;
      await companyCalls.updateCompany(
        {
          body: {
            title,
            ...(logo ? { logo: logo.base64 } : {}),
            ...(productChanges ? { products: productChanges } : {}),
          },
        },
        { quiet: true },
      );
      await kernel.session.reload();
      message.success(t('display.success'));
      onClose();
    } catch (error) {
      message.error(t('display.fail', { message: messageOf(error) }));
    }
  };

  const preview = logo?.preview ?? company?.logo ?? '';
  return (
    <FormDialog form={form} title={t('display.title')} size="small" onSubmit={submit} onClose={onClose}>
      <ReadOnlyField id="display-company-name" label={t('display.companyName')} value={company?.name ?? ''} />
      <TextField name="title" label={t('display.companyTitle')} />
      <div className="flex flex-col gap-2 text-sm">
        <span>{t('display.logo')}</span>
        <div className="flex items-center gap-3">
          {preview ? (
            <img
              src={preview}
              alt={t('display.logoPreview')}
              className="h-12 w-12 rounded border border-line-soft object-contain"
            />
          ) : null}
          <Button onClick={() => fileInput.current?.click()}>{t('display.chooseLogo')}</Button>
        </div>
        <p className="text-xs text-ink-faint">{t('display.logoHint')}</p>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={LOGO_RULES.accept.join(',')}
          data-testid="logo-input"
          onChange={(event) => void chooseLogo(event)}
        />
      </div>
      {products ? (
        <fieldset className="flex flex-col gap-3 text-sm">
          <legend className="mb-1">{t('display.services')}</legend>
          <p className="text-xs text-ink-faint">{t('display.servicesHint')}</p>
          {PRODUCT_FLAGS.map((flag) => (
            <div key={flag} className="flex flex-col gap-1">
              <Switch
                checked={products[flag] === 0}
                onCheckedChange={(on) => setProducts({ ...products, [flag]: on ? 0 : 1 })}
                aria-describedby={`product-${flag}-about`}
              >
                {t(`display.product_${flag}`)}
              </Switch>
              <p id={`product-${flag}-about`} className="text-xs text-ink-faint">
                {t(`display.product_${flag}_about`)}
              </p>
            </div>
          ))}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
