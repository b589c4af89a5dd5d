import { formatFen, type Product } from '@vap/contracts';
import { usePagePath, useT } from '@vap/kernel';
import { useState } from 'react';
import { Link } from 'react-router';
import { DETAIL_PAGE, detailQuery, KindTags, ProductIcon, TrialTag, useLocalized } from '../product.js';
import { BuyButton, TrialButton } from './buy-button.js';

/**
 * One product of the mall as a card: cover (or a neutral icon), name, summary, the device kinds it
 * runs on, version, price per authorisation and its trial, and Buy for a role with the list's `buy`
 * button. The name is a link to the product's detail, stretched over the whole card, so that the
 * card opens with a click, Tab and Enter alike; without the detail page in the user's menu the card
 * is not a link.
 */
export function ProductCard({ product }: { product: Product }) {
  const t = useT('algmall');
  const localized = useLocalized();
  const name = localized(product.name);
  const to = usePagePath(DETAIL_PAGE, detailQuery(product, name));
  // A cover that fails to load (moved, offline) shows the icon rather than a broken image.
  const [coverFailed, setCoverFailed] = useState(false);
  return (
    <article
      data-testid={`product-${product.id}`}
      className="relative flex w-full flex-col overflow-hidden rounded-md border border-line-soft bg-surface transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md"
    >
      <div className="flex aspect-video items-center justify-center bg-canvas text-ink-faint">
        {product.cover && !coverFailed ? (
          // Decorative: the card's name says what it is.
          <img
            src={product.cover}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
            onError={() => setCoverFailed(true)}
          />
        ) : (
          <ProductIcon className="h-12 w-12" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-medium text-ink">
          {to ? (
            <Link to={to} className="outline-none after:absolute after:inset-0 hover:text-primary">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <p className="line-clamp-3 flex-1 text-sm text-ink-soft">{localized(product.summary)}</p>
        <KindTags kinds={product.kinds} />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-ink-faint">{t('product.version', { version: product.version })}</span>
          <TrialTag days={product.trial_days} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-base font-medium text-ink tabular-nums">
            {t('product.price', { price: formatFen(product.price_fen) })}
          </p>
          {/* Above the name's link, which covers the card: each button is a target of its own. */}
          <span className="flex items-center gap-2">
            <TrialButton product={product} className="relative z-10" />
            <BuyButton product={product} className="relative z-10" />
          </span>
        </div>
      </div>
    </article>
  );
}
