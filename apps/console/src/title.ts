import { useT } from '@vap/kernel';
import { documentTitle } from '@vap/kernel/host';
import { useEffect } from 'react';

/** Browser title = page title followed by the product title (spec §2.3). */
export function useDocumentTitle(pageTitle: string | undefined) {
  const t = useT();
  const product = t('app.title');
  useEffect(() => {
    document.title = documentTitle(pageTitle, product);
  }, [pageTitle, product]);
}
