import { API_BASE, formatDateTime, RESOURCE_CALLS, type Resource } from '@vap/contracts';
import { ApiError, useClient, useKernel, useT } from '@vap/kernel';
import { Button, buttonVariants, downloadBlob, Empty, Result } from '@vap/ui';
import { Link, useSearchParams } from 'react-router';
import { DownloadLink, ResourceCard } from '../resource.js';
import { LinkStates, PublicFrame, usePublicLoad } from './link-state.js';

/** What the page lists: by a grant (no sign-in) or by the signed-in user's session. */
type Listing =
  | { by: 'grant'; title: string; expiresAt: string; items: Resource[] }
  | { by: 'session'; items: Resource[] }
  | { by: 'none' };

/** The most resources the page lists by a session (one page of the list call). */
const SESSION_PAGE_SIZE = 100;

/**
 * The official download page (spec §2.1 `/official`, §6, §8, §9; issue 32). With a skip-login
 * grant (`?grant=`, valid until midnight today or 3 or 7 days) it lists the company's resources
 * and downloads them without signing in. Without one, a signed-in user sees their company's. A 401
 * here never forces a new sign-in and a failed load lets the page go on (the kernel's rule for
 * addresses containing `official`): the page says to ask for a link or sign in instead.
 */
export default function OfficialPage() {
  const t = useT('resources');
  const { session } = useKernel();
  const resources = useClient(RESOURCE_CALLS);
  const [params] = useSearchParams();
  const grant = params.get('grant') ?? '';
  const { state, retry } = usePublicLoad<Listing>(async (signal) => {
    if (grant) {
      const page = await resources.official({ params: { token: grant } }, { quiet: true, signal });
      return { by: 'grant', title: page.title, expiresAt: page.expires_at, items: page.items };
    }
    if (!session.token) return { by: 'none' };
    try {
      const page = await resources.resources(
        { query: { page: 1, size: SESSION_PAGE_SIZE, wheres: [], orders: [] } },
        { quiet: true, signal },
      );
      return { by: 'session', items: page.items };
    } catch (error) {
      // An expired or refused session here is no reason to leave the page (spec §6).
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { by: 'none' };
      throw error;
    }
  }, grant);

  const sessionDownload = async (resource: Resource) => {
    try {
      const { blob } = await resources.file({ params: { id: resource.id } });
      downloadBlob(resource.file_name, blob);
    } catch {
      // The console shows the server's message.
    }
  };

  const listing = state.kind === 'ready' ? state.value : null;
  return (
    <PublicFrame>
      <h1 className="text-xl font-medium text-ink">
        {listing?.by === 'grant' && listing.title
          ? t('officialPage.heading', { title: listing.title })
          : t('officialPage.plainHeading')}
      </h1>
      <LinkStates state={state} retry={retry} loading={t('sharePage.loading')} />
      {listing?.by === 'none' ? (
        <Result
          status="info"
          title={t('officialPage.needLink')}
          extra={
            <Link to="/login" className={buttonVariants({ variant: 'primary' })}>
              {t('officialPage.signIn')}
            </Link>
          }
        />
      ) : null}
      {listing && listing.by !== 'none' ? (
        <>
          <p className="text-sm text-ink-faint">
            {listing.by === 'grant'
              ? t('officialPage.expiresAt', { time: formatDateTime(listing.expiresAt) })
              : t('officialPage.signedIn')}
          </p>
          {listing.items.length === 0 ? <Empty description={t('officialPage.empty')} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {listing.items.map((resource) => (
              <ResourceCard
                key={resource.id}
                resource={resource}
                action={
                  listing.by === 'grant' ? (
                    <DownloadLink
                      href={`${API_BASE}/v1/resources/official/${encodeURIComponent(grant)}/${resource.id}/file`}
                      fileName={resource.file_name}
                      label={t('officialPage.download')}
                    />
                  ) : (
                    <Button variant="primary" onClick={() => void sessionDownload(resource)}>
                      {t('officialPage.download')}
                    </Button>
                  )
                }
              />
            ))}
          </div>
        </>
      ) : null}
    </PublicFrame>
  );
}
