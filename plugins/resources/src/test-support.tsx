import type { Resource } from '@vap/contracts';
import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import plugin from './index.js';

/** A resource as the lists answer it: the vendor's camera manual, its words in each language. */
export const resource = (partial: Partial<Resource> & Pick<Resource, 'id'>): Resource => ({
  owner: 'vendor',
  category: 'manual',
  name: { 'zh-CN': '网络摄像机用户手册', en: 'IP camera user manual', 'zh-TW': '網路攝影機使用手冊' },
  description: { 'zh-CN': '安装与配置', en: 'Installation and setup', 'zh-TW': '安裝與配置' },
  version: '2.0',
  models: ['IPC-200'],
  file_name: 'ipc-user-manual-2.0.pdf',
  size: 2_048,
  md5: '9e107d9d372bb6826bd81d3542a419d6',
  downloads: 3,
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

export { pageOf } from '@vap/kernel/testing';

/** Renders the resource download page as the console does, answering `answers`. */
export function renderDownloadPage(answers: Answers, options: RenderPageOptions = {}) {
  return renderConsolePage(plugin, 'resource_download', answers, options);
}
