import { conductCheck, Pagination, Tree, type TreeNode } from '@vap/ui';
import { useMemo, useState } from 'react';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.tree;

/** A permission-like hierarchy: directories, pages and their buttons (spec §6). */
const permissions: TreeNode[] = [
  { key: 'dashboard', label: 'Dashboard' },
  {
    key: 'system',
    label: 'System',
    children: [
      {
        key: 'system.user',
        label: 'Users',
        children: [
          { key: 'system.user.view', label: 'View users' },
          { key: 'system.user.create', label: 'Create user' },
          { key: 'system.user.edit', label: 'Edit user' },
          { key: 'system.user.delete', label: 'Delete user' },
        ],
      },
      {
        key: 'system.role',
        label: 'Roles',
        children: [
          { key: 'system.role.view', label: 'View roles' },
          { key: 'system.role.edit', label: 'Edit role' },
          { key: 'system.role.owner', label: 'Owner role (fixed)', disabled: true },
        ],
      },
    ],
  },
  {
    key: 'device',
    label: 'Devices',
    children: [
      {
        key: 'device.list',
        label: 'Device list',
        children: [
          { key: 'device.list.view', label: 'View devices' },
          { key: 'device.list.bind', label: 'Bind device' },
          { key: 'device.list.unbind', label: 'Unbind device' },
        ],
      },
      {
        key: 'device.firmware',
        label: 'Firmware',
        children: [
          { key: 'device.firmware.view', label: 'View firmware' },
          { key: 'device.firmware.upgrade', label: 'Upgrade firmware' },
        ],
      },
    ],
  },
  {
    key: 'mqtt',
    label: 'MQTT broker',
    children: [
      { key: 'mqtt.dashboard', label: 'Broker dashboard' },
      { key: 'mqtt.clients', label: 'Clients' },
    ],
  },
];

const regions: TreeNode[] = [
  {
    key: 'east',
    label: 'East China',
    children: [
      { key: 'shanghai', label: 'Shanghai' },
      { key: 'hangzhou', label: 'Hangzhou', children: [{ key: 'xihu', label: 'Xihu district' }] },
    ],
  },
  { key: 'south', label: 'South China', children: [{ key: 'shenzhen', label: 'Shenzhen' }] },
];

export function TreeSection() {
  const [page, setPage] = useState({ page: 3, size: 20 });
  const [checked, setChecked] = useState<string[]>(['dashboard', 'system.user.view', 'device.list']);
  // The settled state (a checked parent checks its subtree; half-checked ancestors), as a role saves it.
  const settled = useMemo(() => conductCheck(permissions, checked), [checked]);
  return (
    <Section id="tree">
      <Demo title={t.pagination}>
        <div className="flex w-full flex-col gap-2">
          <Pagination
            page={page.page}
            size={page.size}
            total={1234}
            onChange={(next, size) => setPage({ page: next, size })}
          />
          <p className="text-right text-xs text-ink-faint">{t.paginationState(page.page, page.size)}</p>
          <Pagination page={1} size={10} total={35} onChange={() => undefined} disabled />
        </div>
      </Demo>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Demo title={t.tree}>
          <div className="flex w-full flex-col gap-3">
            <Tree
              label={t.treeLabel}
              nodes={permissions}
              checkable
              searchable
              searchPlaceholder={t.searchPlaceholder}
              checkedKeys={checked}
              defaultExpandedKeys={['system', 'system.user', 'device']}
              onCheck={setChecked}
              className="rounded border border-line-soft p-2"
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-ink-soft">
              <dt>{t.checked}</dt>
              <dd className="break-all text-ink">{settled.checked.join(', ')}</dd>
              <dt>{t.half}</dt>
              <dd className="break-all text-ink">{settled.halfChecked.join(', ')}</dd>
            </dl>
          </div>
        </Demo>
        <Demo title={t.plainTree}>
          <Tree
            label={t.plainTreeLabel}
            nodes={regions}
            className="w-full rounded border border-line-soft p-2"
          />
        </Demo>
      </div>
    </Section>
  );
}
