import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@vap/kernel';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@vap/ui';
import { useState } from 'react';
import { DASHBOARD_KEY, PACKAGES_TABLE } from '../cbs-query.js';
import { Overview } from './overview.js';
import { PackagesView } from './packages-view.js';

type View = 'overview' | 'packages';

/**
 * Cloud storage (spec §2.3 cbs_dashboard; issue 17): two views under tabs, the overview (usage
 * against quota by service, charges by month and next month's bill, the packages near their quota)
 * and the packages (filtered, with opening, plan changes and closing). The packages stay mounted
 * while the overview shows, so that their searches and page are as they were when they come back.
 * Refresh asks both again.
 */
export default function CbsDashboardPage() {
  const t = useT('cbs');
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('overview');
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
      <Tabs value={view} onValueChange={(value) => setView(value as View)}>
        <TabsList aria-label={t('page.views')}>
          <TabsTrigger value="overview">{t('page.overview')}</TabsTrigger>
          <TabsTrigger value="packages">{t('page.packages')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="packages" forceMount hidden={view !== 'packages'}>
          <PackagesView />
        </TabsContent>
      </Tabs>
    </div>
  );
}
