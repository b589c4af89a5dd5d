/**
 * The demo's vendor resources (main.ts, after the demo is seeded): a few small real files in the
 * object store, loaded through the same upsert as `npm run ops -- resources:load`, so that the
 * download page, its share links and the official page have something to download.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ResourceInput } from '@vap/contracts';
import type { Db } from '../../core/db/client.js';
import type { LoadCounts } from '../../core/list-file.js';
import type { ObjectBackend } from '../../core/storage/backend.js';
import { ResourceCatalogue, type VendorResourceRow } from './catalogue.js';

type DemoResource = Omit<ResourceInput, 'file' | 'models'> & {
  models: string[];
  content: string;
  file_name: string;
};

export const DEMO_RESOURCES: readonly DemoResource[] = [
  {
    code: 'device-config-tool',
    category: 'tool',
    name: { 'zh-CN': '设备配置工具', en: 'Device configuration tool', 'zh-TW': '設備配置工具' },
    description: {
      'zh-CN': '在局域网内搜索设备，批量修改网络参数与平台接入地址。',
      en: 'Finds devices on the local network and changes their network settings and platform address in bulk.',
      'zh-TW': '在區域網路內搜尋設備，批次修改網路參數與平台接入位址。',
    },
    version: '3.2.0',
    models: ['IPC-200', 'IPC-300', 'NVR-16'],
    file_name: 'device-config-tool-3.2.0.txt',
    content: "VAP device configuration tool 3.2.0\n\nRun it on a computer of the devices' network.\n",
  },
  {
    code: 'http-sdk',
    category: 'sdk',
    name: { 'zh-CN': '开放平台 HTTP SDK', en: 'Open platform HTTP SDK', 'zh-TW': '開放平台 HTTP SDK' },
    description: {
      'zh-CN': '访问密钥签名、设备查询与消息订阅的示例代码。',
      en: 'Sample code for access-key signatures, device queries and message subscriptions.',
      'zh-TW': '存取金鑰簽章、設備查詢與訊息訂閱的範例程式碼。',
    },
    version: '1.4.2',
    models: [],
    file_name: 'vap-http-sdk-1.4.2.txt',
    content:
      'VAP open platform HTTP SDK 1.4.2\n\nSign each request with your access key (docs/open-api.md).\n',
  },
  {
    code: 'ipc-user-manual',
    category: 'manual',
    name: { 'zh-CN': '网络摄像机用户手册', en: 'IP camera user manual', 'zh-TW': '網路攝影機使用手冊' },
    description: {
      'zh-CN': '安装、接线、首次配置与常见问题。',
      en: 'Installation, wiring, first configuration and common questions.',
      'zh-TW': '安裝、接線、首次配置與常見問題。',
    },
    version: '2.0',
    models: ['IPC-200', 'IPC-300'],
    file_name: 'ipc-user-manual-2.0.txt',
    content:
      'IP camera user manual 2.0\n\n1. Mount the camera.\n2. Connect power and network.\n3. Bind it in the console.\n',
  },
];

/** Stores the demo's files and loads their resources; loading again changes nothing. */
export async function seedDemoResources(db: Db, backend: ObjectBackend): Promise<LoadCounts> {
  const rows: VendorResourceRow[] = [];
  for (const resource of DEMO_RESOURCES) {
    const bytes = Buffer.from(resource.content, 'utf8');
    const md5 = createHash('md5').update(bytes).digest('hex');
    const path = `resource/0_${md5}.bin`;
    const staged = await backend.stage(path, Readable.from([bytes]), bytes.length);
    await staged.commit('application/octet-stream');
    rows.push({
      code: resource.code,
      category: resource.category,
      name: resource.name,
      description: resource.description,
      version: resource.version,
      models: resource.models,
      path,
      fileName: resource.file_name,
      size: bytes.length,
      md5,
    });
  }
  return new ResourceCatalogue(db).load(rows);
}
