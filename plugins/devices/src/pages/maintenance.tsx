import type { Task } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@vap/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDeviceFilters, withGroup } from './device-filters.js';
import { DeviceView } from './device-view.js';
import type { GroupChoice } from './group-panel.js';
import { TasksView } from './tasks-view.js';

type View = 'devices' | 'tasks';

/**
 * Device maintenance (spec §2.3 device_maintenance): two views under tabs, the company's devices
 * (the default) and their tasks (issue 16). The device view stays mounted while the tasks are shown,
 * so that its searches, page and selection are as they were when it comes back; the tasks view is
 * mounted only while shown, so that it asks the server nothing otherwise.
 */
export default function MaintenancePage() {
  const t = useT('devices');
  const [search] = useSearchParams();
  // `?view=tasks` opens the tasks: where the dashboard's tasks card leads.
  const [view, setView] = useState<View>(search.get('view') === 'tasks' ? 'tasks' : 'devices');
  // The device list's group and searches: a new task from the tasks may take the devices they show.
  const [group, setGroup] = useState<GroupChoice>('all');
  const filters = useDeviceFilters();
  const wheres = withGroup(group, filters.wheres);
  const [detail, setDetail] = useState<Task | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('maintenance.title')}</h1>
      <Tabs value={view} onValueChange={(value) => setView(value as View)}>
        <TabsList aria-label={t('views.label')}>
          <TabsTrigger value="devices">{t('views.devices')}</TabsTrigger>
          <TabsTrigger value="tasks">{t('views.tasks')}</TabsTrigger>
        </TabsList>
        <TabsContent value="devices" forceMount hidden={view !== 'devices'} className="flex flex-col gap-4">
          <DeviceView
            group={group}
            onGroup={setGroup}
            filters={filters}
            wheres={wheres}
            shown={view === 'devices'}
            onTaskCreated={(task) => {
              setDetail(task);
              setView('tasks');
            }}
          />
        </TabsContent>
        <TabsContent value="tasks">
          <TasksView deviceWheres={wheres} detail={detail} onDetail={setDetail} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
