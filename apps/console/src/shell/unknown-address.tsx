import { CATALOGUE_PATH, catalogueMenusSchema, type PageAddress } from '@vap/contracts';
import { useKernel, useSession, useT } from '@vap/kernel';
import type { Kernel } from '@vap/kernel/host';
import { Button, NoAccessResult, Spinner } from '@vap/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '../title.js';

// The catalogue changes only with the server, so one read per console (and per session) is enough.
const loads = new WeakMap<Kernel, { userId: number | undefined; pages: Promise<PageAddress[]> }>();

function catalogueAddresses(kernel: Kernel, userId: number | undefined): Promise<PageAddress[]> {
  const cached = loads.get(kernel);
  if (cached && cached.userId === userId) return cached.pages;
  const pages = kernel.http
    .get(CATALOGUE_PATH, { schema: catalogueMenusSchema, quiet: true })
    .then((answer) => answer.pages)
    // Without the catalogue nothing is known to be a page: every unknown address goes to /index.
    .catch(() => []);
  loads.set(kernel, { userId, pages });
  return pages;
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * An address no permitted page has (spec §2.3): a page of the catalogue the role lacks answers
 * 'not permitted' in place, any other address goes to /index.
 */
export function UnknownAddress() {
  const kernel = useKernel();
  const t = useT();
  const { pathname } = useLocation();
  const userId = useSession().user?.id;
  const [pages, setPages] = useState<PageAddress[] | null>(null);
  useEffect(() => {
    let live = true;
    void catalogueAddresses(kernel, userId).then((answer) => live && setPages(answer));
    return () => {
      live = false;
    };
  }, [kernel, userId]);
  const forbidden = pages?.some((page) => page.path === withoutTrailingSlash(pathname)) ?? false;
  useDocumentTitle(forbidden ? t('app.notPermitted') : undefined);
  if (pages === null) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner className="h-8 w-8" label={t('app.loading')} />
      </div>
    );
  }
  if (!forbidden) return <Navigate to="/index" replace />;
  return (
    <NoAccessResult
      title={t('app.notPermitted')}
      extra={
        <Button asChild variant="primary">
          <Link to="/index">{t('app.backHome')}</Link>
        </Button>
      }
    />
  );
}
