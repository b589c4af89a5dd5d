import { useQuery } from '@tanstack/react-query';
import { AUTH_CALLS } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import { Button, message } from '@vap/ui';
import { useCallback, useId, useMemo, useState } from 'react';
import { ScanCode, type ScanFlow } from '../sign-in/scan-code.js';

type BindPoll = { state: 'pending' | 'bound' };

/**
 * The profile's WeChat sign-in: whether WeChat is bound, and "Bind WeChat", which shows a bind QR
 * code (WeChat's own page in a pop-up) and polls it. Only the server's scan providers that bind
 * have the binding route: on the others (404) nothing is shown.
 */
export function WechatBinding() {
  const auth = useClient(AUTH_CALLS);
  const t = useT('own-account');
  const labelId = useId();
  const [binding, setBinding] = useState(false);
  const status = useQuery({
    queryKey: ['account', 'scan-binding'],
    queryFn: ({ signal }) =>
      auth.scanBinding({}, { quiet: true, signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    retry: false,
  });
  const flow = useMemo<ScanFlow<BindPoll>>(
    () => ({
      name: 'scan-bind',
      create: (signal) => auth.scanBind({}, { quiet: true, signal }),
      poll: (id, signal) => auth.scanBindState({ params: { id } }, { quiet: true, signal }),
      pending: { state: 'pending' },
      isDone: (answer) => answer.state === 'bound',
    }),
    [auth],
  );
  const onBound = useCallback(() => {
    message.success(t('wechat.success'));
    setBinding(false);
    void status.refetch();
  }, [t, status.refetch]);

  // Not offered by this server, or not known yet: no row rather than a button that cannot work.
  if (!status.data) return null;
  const { bound } = status.data;
  return (
    <section className="flex flex-col gap-2 text-sm" aria-labelledby={labelId}>
      <div className="flex items-center justify-between gap-2">
        <span id={labelId}>{t('wechat.label')}</span>
        <span className="text-ink-soft">{bound ? t('wechat.bound') : t('wechat.notBound')}</span>
        {binding ? (
          <Button type="button" onClick={() => setBinding(false)}>
            {t('common.cancel')}
          </Button>
        ) : (
          <Button type="button" onClick={() => setBinding(true)}>
            {bound ? t('wechat.rebind') : t('wechat.bind')}
          </Button>
        )}
      </div>
      {binding ? (
        <ScanCode flow={flow} onDone={onBound} hint={t('wechat.hint')} openLabel={t('wechat.openPage')} />
      ) : null}
    </section>
  );
}
