import type { AppRoute } from '@vap/kernel';
import { describe, expect, it } from 'vitest';
import { filterMenu } from './menu-filter.js';

const route = (name: string, title: string, children: AppRoute[] = []): AppRoute => ({
  name,
  type: children.length > 0 ? 'dir' : 'page',
  path: `/${name}`,
  title,
  icon: '',
  hidden: false,
  external: false,
  buttons: [],
  children,
});

const tree = [
  route('system', 'System', [route('system_user', 'Users'), route('system_role', 'Roles')]),
  route('mqtt', 'MQTT broker', [route('mqtt_log', 'Logs'), route('mqtt_user_client', 'User clients')]),
  route('dashboard', 'Dashboard'),
];
const names = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.name, ...names([...r.children])]);
const byTitle = (r: AppRoute) => r.title;

describe('menu search', () => {
  it('keeps the matching entries and the dirs that lead to them, ignoring case', () => {
    expect(names(filterMenu(tree, 'USER', byTitle))).toEqual([
      'system',
      'system_user',
      'mqtt',
      'mqtt_user_client',
    ]);
  });

  it('a matching dir keeps all its entries', () => {
    expect(names(filterMenu(tree, 'mqtt', byTitle))).toEqual(['mqtt', 'mqtt_log', 'mqtt_user_client']);
  });

  it('an empty search keeps everything, and a search without match keeps nothing', () => {
    expect(filterMenu(tree, '  ', byTitle)).toEqual(tree);
    expect(filterMenu(tree, 'zzz', byTitle)).toEqual([]);
  });
});
