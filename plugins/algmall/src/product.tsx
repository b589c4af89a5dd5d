/**
 * What the mall's two pages share: a product's words in the console's language, the detail page's
 * name and address, and the marks a product carries (device kinds, trial).
 */
import type { DeviceKind, LocalizedText, Product } from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { Tag } from '@vap/ui';
import type { SVGProps } from 'react';

/** The product detail page's name in the server menu (spec §2.3). */
export const DETAIL_PAGE = 'algmall_product_detail';

/** The product list page's name in the server menu (spec §2.3). */
export const LIST_PAGE = 'algmall_product_list';

/**
 * A product's text in the console's language. Every answer carries all three languages, so a
 * language switch re-renders the words without asking the server again.
 */
export function useLocalized(): (text: LocalizedText) => string {
  const language = useLanguage();
  return (text) => text[language];
}

/**
 * The detail page's query for a product: its id, and its name in the console's language, which
 * titles the detail's tab and the browser (spec §2.3, the page's `titleFromQuery('name')`).
 */
export const detailQuery = (product: Pick<Product, 'id'>, name: string): Record<string, string> => ({
  id: String(product.id),
  name,
});

/** The device kinds a product runs on, as tags. */
export function KindTags({ kinds }: { kinds: readonly DeviceKind[] }) {
  const t = useT('algmall');
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('product.runsOn')}>
      {kinds.map((kind) => (
        <li key={kind}>
          <Tag>{t(`kind.${kind}`)}</Tag>
        </li>
      ))}
    </ul>
  );
}

/** "N-day trial", for a product that has one. */
export function TrialTag({ days }: { days: number | null }) {
  const t = useT('algmall');
  return days === null ? null : <Tag tone="success">{t('product.trial', { count: days })}</Tag>;
}

/** A product without a cover: a neutral chip outline (the lucide "cpu" shape, ISC licence), drawn inline. */
export function ProductIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <rect x="9" y="9" width="6" height="6" />
      <path d="M15 2v2M15 20v2M2 15h2M2 9h2M20 15h2M20 9h2M9 2v2M9 20v2" />
    </svg>
  );
}
