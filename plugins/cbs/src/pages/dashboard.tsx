import { useQueryClient } from '@tanstack/react-query';
import { lazyExport, useT } from '@vap/kernel';
import { Button, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@vap/ui';
import { Suspense, useState } from 'react';
import { DASHBOARD_KEY, PACKAGES_TABLE } from '../cbs-query.js';
import { Overview } from './overview.js';

/**
 * The packages load when their tab is first opened, not with the overview (issue 30 §5): with the
 * data table, the filters and their select, which the overview does not use.
 */
const PackagesView = lazyExport(() => import('./packages-view.js'), 'PackagesView');

type View = 'overview' | 'packages';

/**
 * Cloud storage (spec §2.3 cbs_dashboard; issue 17): two views under tabs, the overview (usage
 * against quota by service, charges by month and next month's bill, the packages near their quota)
 * and the packages (filtered, with opening, plan changes and closing). The packages are mounted when
 * first shown and stay mounted while the overview shows, so that their searches and page are as they
 * were when they come back. Refresh asks both again.
 */
export default function CbsDashboardPage() {
  const t = useT('cbs');
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('overview');
  const [packagesShown, setPackagesShown] = useState(false);
  const refresh = () => {
    for (const queryKey of [DASHBOARD_KEY, ['data-table', PACKAGES_TABLE]])
      void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-medium text-ink">{t('page.title')}</h1>
        <Button onClick={refresh}>{t('page.refresh')}</Button>
      </div>
      <Tabs
        value={view}
        onValueChange={(value) => {
          setView(value as View);
          if (value === 'packages') setPackagesShown(true);
        }}
      >
        <TabsList aria-label={t('page.views')}>
          <TabsTrigger value="overview">{t('page.overview')}</TabsTrigger>
          <TabsTrigger value="packages">{t('page.packages')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="packages" forceMount hidden={view !== 'packages'}>
          {packagesShown ? (
            <Suspense fallback={<Skeleton lines={6} />}>
              <PackagesView />
            </Suspense>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
