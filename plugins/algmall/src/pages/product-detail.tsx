import { useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, callKey, formatFen, type ProductDetail } from '@vap/contracts';
import { ApiError, useClient, usePagePath, useT } from '@vap/kernel';
import { Button, Card, Descriptions, Result, Skeleton } from '@vap/ui';
import { Link, useSearchParams } from 'react-router';
import { KindTags, LIST_PAGE, TrialTag, useLocalized } from '../product.js';
import { BuyButton, TrialButton } from './buy-button.js';

/**
 * A product's detail (page algmall_product_detail, opened from its card with `?id=…&name=…`; the
 * name titles the tab, spec §2.3): name, version, the device kinds and models it runs on, price per
 * authorisation, trial, the detail text and the pictures, and Buy for a role with this page's `buy`
 * button. An id that is not a product's (missing, not a whole number, or unknown to the server: 404)
 * shows "does not exist".
 */
export default function ProductDetailPage() {
  const [params] = useSearchParams();
  const id = productId(params.get('id'));
  return id === null ? <NotFound /> : <Detail id={id} />;
}

/** The product id of the address, or null when it cannot be one (then the server is not asked). */
function productId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

function NotFound() {
  const t = useT('algmall');
  const list = usePagePath(LIST_PAGE);
  return (
    <Result
      status="404"
      title={t('detail.notFound')}
      subtitle={t('detail.notFoundHint')}
      extra={
        list ? (
          <Link to={list} className="text-sm text-primary hover:underline">
            {t('detail.back')}
          </Link>
        ) : null
      }
    />
  );
}

function Detail({ id }: { id: number }) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const params = { id };
  const product = useQuery({
    queryKey: callKey(ALGMALL_CALLS.product, { params }),
    // Quiet: the page shows why it failed, and a 404 as "does not exist".
    queryFn: ({ signal }) => mall.product({ params }, { signal, quiet: true }),
  });
  if (product.isPending) return <Skeleton lines={8} />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound />;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('detail.loadFailed', { message: product.error.message })}</span>
        <Button onClick={() => void product.refetch()} disabled={product.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <ProductView product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const t = useT('algmall');
  const localized = useLocalized();
  const name = localized(product.name);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-medium text-ink">{name}</h1>
          <p className="text-sm text-ink-soft">{localized(product.summary)}</p>
        </div>
        <span className="flex items-center gap-2">
          <TrialButton product={product} />
          <BuyButton product={product} />
        </span>
      </div>
      <Card>
        <Descriptions
          columns={3}
          items={[
            { key: 'version', label: t('detail.version'), value: product.version },
            { key: 'kinds', label: t('detail.kinds'), value: <KindTags kinds={product.kinds} /> },
            {
              key: 'price',
              label: t('detail.price'),
              value: <span className="tabular-nums">{formatFen(product.price_fen)}</span>,
            },
            {
              key: 'trial',
              label: t('detail.trial'),
              value:
                product.trial_days === null ? t('detail.noTrial') : <TrialTag days={product.trial_days} />,
            },
            {
              key: 'models',
              label: t('detail.models'),
              span: 2,
              // No models named: the product runs on every model of its kinds.
              value: product.models.length === 0 ? t('detail.allModels') : product.models.join(', '),
            },
          ]}
        />
      </Card>
      <Card title={t('detail.about')}>
        <DetailText text={localized(product.detail)} />
      </Card>
      {product.images.length > 0 ? (
        <Card title={t('detail.images')}>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {product.images.map((image, index) => (
              <li key={image} className="overflow-hidden rounded border border-line-soft bg-canvas">
                <img
                  src={image}
                  alt={t('detail.image', { name, index: index + 1 })}
                  loading="lazy"
                  className="w-full object-contain"
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

/**
 * The detail text as paragraphs, one per blank-line-separated block, its single line breaks kept.
 * Plain text: React escapes it, so whatever markup the operator's file holds shows as written.
 */
function DetailText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <div data-testid="product-detail-text" className="flex flex-col gap-3 text-sm leading-relaxed text-ink">
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, never reordered.
        <p key={index} className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
