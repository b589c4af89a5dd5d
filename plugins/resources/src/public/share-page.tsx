import { API_BASE, formatDateTime, RESOURCE_CALLS, type SharedResource } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import { useSearchParams } from 'react-router';
import { DownloadLink, ResourceCard } from '../resource.js';
import { LinkStates, PublicFrame, usePublicLoad } from './link-state.js';

/**
 * The share page (spec §2.1 `/sharePage`, §8; issue 32): opened without signing in by a share
 * link's token (`?link=`), it shows the shared resource and downloads it (the server counts the download on
 * the link). An expired link says 'link expired'; a forged or revoked one 'invalid link'.
 */
export default function SharePage() {
  const t = useT('resources');
  const resources = useClient(RESOURCE_CALLS);
  const [params] = useSearchParams();
  // Not `token`: an address's `?token=` is a sign-in handed over (spec §4.1), which the kernel takes.
  const token = params.get('link') ?? '';
  const { state, retry } = usePublicLoad<SharedResource>(
    // A public call: it carries no token, and shows its failure here, not as a message.
    async (signal) => {
      if (!token) throw new ApiError(403, 'link_invalid', '');
      return resources.shared({ params: { token } }, { quiet: true, signal });
    },
    token,
  );
  return (
    <PublicFrame>
      <h1 className="text-xl font-medium text-ink">{t('sharePage.heading')}</h1>
      <LinkStates state={state} retry={retry} loading={t('sharePage.loading')} />
      {state.kind === 'ready' ? (
        <>
          <ResourceCard
            resource={state.value.resource}
            action={
              <DownloadLink
                href={`${API_BASE}/v1/resources/shared/${encodeURIComponent(token)}/file`}
                fileName={state.value.resource.file_name}
                label={t('sharePage.download')}
              />
            }
          />
          <p className="text-sm text-ink-faint">
            {t('sharePage.expiresAt', { time: formatDateTime(state.value.expires_at) })}
          </p>
        </>
      ) : null}
    </PublicFrame>
  );
}
