import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ACCESS_KEY_CALLS, LANGUAGES, type Language, type OpenDevice } from '@vap/contracts';
import { ApiError, useClient, useKernel, useT } from '@vap/kernel';
import { type Column, DataTable, Result, Tag } from '@vap/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const LINK_REFUSALS = ['link_expired', 'link_invalid'] as const;
type Refusal = (typeof LINK_REFUSALS)[number];
const isLanguage = (value: string | null): value is Language => LANGUAGES.includes(value as Language);

/**
 * The open device manager (spec §2.1 /open-pages/device-manager, §8; issue 16): a public page a
 * company embeds in its own portal. Its link, signed with one of the company's access keys, shows
 * that key's devices read-only, in the language of `lang`; an expired link says 'link expired',
 * a forged one 'invalid link'.
 */
export default function OpenDeviceManagerPage() {
  // A public page has no signed-in shell around it, nor its query cache: the table's is its own.
  const [queries] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queries}>
      <DeviceManager />
    </QueryClientProvider>
  );
}

function DeviceManager() {
  const kernel = useKernel();
  const openApi = useClient(ACCESS_KEY_CALLS);
  const t = useT('devices');
  const [params] = useSearchParams();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const lang = params.get('lang');
  const link = {
    key_id: params.get('key_id') ?? '',
    expires: params.get('expires') ?? '',
    signature: params.get('signature') ?? '',
  };
  const incomplete = !link.key_id || !link.expires || !link.signature;

  // The portal chooses the language, for this visit only: the visitor's own choice is not changed.
  useEffect(() => {
    if (isLanguage(lang) && kernel.i18n.language !== lang) void kernel.i18n.changeLanguage(lang);
  }, [kernel, lang]);

  const columns: Column<OpenDevice>[] = [
    { key: 'sn', title: t('device.sn'), kind: 'id' },
    { key: 'name', title: t('device.name'), kind: 'name' },
    { key: 'model', title: t('device.model'), kind: 'id' },
    { key: 'firmware_version', title: t('device.firmwareVersion'), kind: 'id' },
    { key: 'hardware_version', title: t('device.hardwareVersion'), kind: 'id' },
    {
      key: 'group_name',
      title: t('device.group'),
      kind: 'name',
      render: (row) => row.group_name || t('groups.ungrouped'),
    },
    {
      key: 'status',
      title: t('device.status'),
      kind: 'state',
      render: (row) => (
        <Tag tone={row.status === 'online' ? 'success' : 'default'}>{t(`status.${row.status}`)}</Tag>
      ),
    },
    { key: 'last_online_at', title: t('device.lastOnline'), kind: 'date' },
  ];

  if (incomplete || refusal) {
    const expired = refusal === 'link_expired';
    return (
      <main className="flex min-h-full items-center justify-center">
        <Result
          status="error"
          title={expired ? t('openDeviceManager.linkExpired') : t('openDeviceManager.linkInvalid')}
          subtitle={expired ? t('openDeviceManager.linkExpiredHint') : t('openDeviceManager.linkInvalidHint')}
        />
      </main>
    );
  }
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
      <h1 className="text-xl font-medium text-ink">{t('openDeviceManager.title')}</h1>
      <DataTable
        id="open-device-manager"
        label={t('openDeviceManager.title')}
        columns={columns}
        rowKey={(row) => row.sn}
        emptyText={t('openDeviceManager.empty')}
        load={async (query, signal) => {
          try {
            // A public call: it carries no token (a stale one must not sign anybody out).
            return await openApi.deviceManagerDevices(
              { query: { ...link, page: query.page, size: query.size } },
              { quiet: true, signal },
            );
          } catch (error) {
            const code = error instanceof ApiError ? error.code : '';
            if ((LINK_REFUSALS as readonly string[]).includes(code)) setRefusal(code as Refusal);
            throw error;
          }
        }}
      />
    </main>
  );
}
