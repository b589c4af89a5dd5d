import { lazyExport, usePermission, useT } from '@vap/kernel';
import { Suspense } from 'react';
import { useLocalized } from '../product.js';
import type { BuyableProduct } from './buy-dialog.js';
import { DialogButton } from './dialog-button.js';

// Fetched when first opened: most visits to the mall only look.
const BuyDialog = lazyExport(() => import('./buy-dialog.js'), 'BuyDialog');
const TrialDialog = lazyExport(() => import('./trial-dialog.js'), 'TrialDialog');

/**
 * "Buy" for a product, on its card and its detail page, shown only when the role has this page's
 * `buy` button (spec §6; the owner always has it). Each opening is a new dialog, and so a new
 * purchase with its own `request_id`.
 */
export function BuyButton({ product, className }: { product: BuyableProduct; className?: string }) {
  const t = useT('algmall');
  const localized = useLocalized();
  if (!usePermission('buy')) return null;
  return (
    <DialogButton
      variant="primary"
      className={className}
      label={t('buy.button')}
      ariaLabel={t('buy.buyProduct', { name: localized(product.name) })}
      dialog={(onClose) => (
        <Suspense fallback={null}>
          <BuyDialog product={product} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}

/**
 * "Try" for a product that has a trial, shown only when the role has this page's `trial` button:
 * a free, time-bound authorisation of one device.
 */
export function TrialButton({
  product,
  className,
}: {
  product: BuyableProduct & { trial_days: number | null };
  className?: string;
}) {
  const t = useT('algmall');
  const localized = useLocalized();
  const mayTry = usePermission('trial');
  if (!mayTry || product.trial_days === null) return null;
  return (
    <DialogButton
      className={className}
      label={t('trial.button')}
      ariaLabel={t('trial.tryProduct', { name: localized(product.name) })}
      dialog={(onClose) => (
        <Suspense fallback={null}>
          <TrialDialog product={product} days={product.trial_days ?? 0} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}
