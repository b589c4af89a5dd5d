import { useQueryClient } from '@tanstack/react-query';
import { ALGMALL_CALLS, type BuyBody, buyBodySchema, formatFen, type Product } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { FormDialog, message, QuantityField, useZodForm } from '@vap/ui';
import { useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { ORDERS_TABLE, RECHARGE_PAGE } from '../order.js';
import { useLocalized } from '../product.js';
import { Refusal } from './refusal.js';

/** What the dialog needs of a product: the list's card and the detail page both have it. */
export type BuyableProduct = Pick<Product, 'id' | 'name' | 'price_fen'>;

interface BuyDialogProps {
  product: BuyableProduct;
  onClose: () => void;
}

/**
 * Buys authorisations of a product (POST orders, the page's `buy` button): a quantity, validated by
 * the contract before it is sent, the price of one and the total in yuan as it is typed. The
 * purchase's `request_id` is made once, as the dialog opens: whatever is submitted again from this
 * dialog — a retry after a refusal or a lost answer, a second click — is the same purchase, which
 * the server charges once. A refusal stays in the dialog in the server's words; a balance too low
 * with the way to the recharge page (spec §8).
 */
export function BuyDialog({ product, onClose }: BuyDialogProps) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const queryClient = useQueryClient();
  const localized = useLocalized();
  // uuid, not crypto.randomUUID: the console may be served over plain HTTP on a private network,
  // where the browser offers randomUUID to secure contexts only.
  const [requestId] = useState(() => uuidv4());
  const form = useZodForm(buyBodySchema, {
    defaultValues: { product_id: product.id, quantity: 1, request_id: requestId },
  });
  const [refusal, setRefusal] = useState<unknown>(null);
  const quantity = form.watch('quantity');
  const counted = buyBodySchema.shape.quantity.safeParse(quantity);

  const submit = async (body: BuyBody) => {
    setRefusal(null);
    let order: Awaited<ReturnType<typeof mall.buy>>;
    try {
      // Quiet: the dialog shows a refusal in place, beside what was typed.
      order = await mall.buy({ body }, { quiet: true });
    } catch (error) {
      setRefusal(error);
      return;
    }
    message.success(t('buy.bought', { number: order.number, count: order.purchased }));
    // The new order heads the orders page (when it has been shown: otherwise nothing is cached).
    void queryClient.invalidateQueries({ queryKey: ['data-table', ORDERS_TABLE] });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('buy.title', { name: localized(product.name) })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('buy.submit')}
    >
      <p className="text-sm text-ink">{t('buy.price', { price: formatFen(product.price_fen) })}</p>
      <QuantityField name="quantity" label={t('buy.quantity')} required hint={t('buy.quantityHint')} />
      <output aria-live="polite" className="text-base font-medium text-ink">
        {t('buy.totalOf', {
          total: counted.success ? formatFen(product.price_fen * counted.data) : '—',
        })}
      </output>
      {refusal ? (
        <Refusal
          error={refusal}
          code="balance_insufficient"
          page={RECHARGE_PAGE}
          action={t('buy.recharge')}
          onLeave={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
