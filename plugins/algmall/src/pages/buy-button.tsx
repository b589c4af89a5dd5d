import { lazyExport, usePermission, useT } from '@vap/kernel';
import { Button } from '@vap/ui';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocalized } from '../product.js';
import type { BuyableProduct } from './buy-dialog.js';

// Fetched when first opened: most visits to the mall only look.
const BuyDialog = lazyExport(() => import('./buy-dialog.js'), 'BuyDialog');

/**
 * "Buy" for a product, on its card and its detail page, shown only when the role has this page's
 * `buy` button (spec §6; the owner always has it). Each opening is a new dialog, and so a new
 * purchase with its own `request_id`. The dialog has no trigger of its own (it is fetched on first
 * use), so closing it gives the focus back to this button, as a dialog's trigger gets it back.
 */
export function BuyButton({ product, className }: { product: BuyableProduct; className?: string }) {
  const t = useT('algmall');
  const localized = useLocalized();
  const mayBuy = usePermission('buy');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) button.current?.focus();
  }, [open]);
  if (!mayBuy) return null;
  return (
    <>
      <Button
        ref={button}
        variant="primary"
        className={className}
        aria-label={t('buy.buyProduct', { name: localized(product.name) })}
        onClick={() => setOpen(true)}
      >
        {t('buy.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <BuyDialog product={product} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
