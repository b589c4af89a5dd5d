import {
  messageCountSchema,
  NTC_PATHS,
  noticeUnreadSchema,
  READ_STATE,
  type UnreadCounts,
  type UserInfo,
  VERIFY_STATUS,
  type VerifyStatus,
} from '@vap/contracts';
import { type DashboardCardContribution, lazyPage, PageErrorBoundary, useKernel, useT } from '@vap/kernel';
import { Card, Skeleton, Tag, type TagTone } from '@vap/ui';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';

declare module '@vap/kernel' {
  interface KernelEvents {
    /** Declared by the notices plugin; the same declaration here lets the dashboard listen. */
    'notices.unread': UnreadCounts;
  }
}

const VERIFY_TONE: Record<VerifyStatus, TagTone> = {
  [VERIFY_STATUS.notVerified]: 'warning',
  [VERIFY_STATUS.verifying]: 'primary',
  [VERIFY_STATUS.verified]: 'success',
  [VERIFY_STATUS.failed]: 'danger',
};

/** The company's verification state (spec §4.2), or why there is none. */
export function VerificationFigure({ user }: { user: UserInfo }) {
  const t = useT('dashboard');
  const company = user.company;
  let body = <span className="text-ink-soft">{t('verification.noCompany')}</span>;
  if (company && !user.verify_company) body = <span className="text-ink-soft">{t('verification.off')}</span>;
  else if (company) {
    const status = company.verify_status;
    body = <Tag tone={VERIFY_TONE[status]}>{t(`verification.status${status}`)}</Tag>;
  }
  return (
    <Card title={t('verification.title')} data-testid="figure-verification">
      {body}
    </Card>
  );
}

/**
 * Unread notices and messages: asked once when the dashboard opens, then kept current by the
 * `notices.unread` event of the notices plugin. Hidden when the server has no notices at all.
 */
export function UnreadFigure() {
  const t = useT('dashboard');
  const { http, bus } = useKernel();
  const [counts, setCounts] = useState<UnreadCounts | null | 'none'>(null);

  useEffect(() => {
    let current = true;
    const subscription = bus.subscribe('notices.unread', (next) => setCounts(next));
    Promise.all([
      http.get(NTC_PATHS.noticesCount, { schema: noticeUnreadSchema, quiet: true }),
      http.get(NTC_PATHS.messagesCount, {
        schema: messageCountSchema,
        wheres: [{ k: 'state', o: '=', v: READ_STATE.unread }],
        quiet: true,
      }),
    ]).then(
      ([notices, messages]) => {
        if (current)
          setCounts((previous) => previous ?? { notices: notices.unread, messages: messages.count });
      },
      () => {
        // Logged by the quiet calls; without numbers the figure steps aside.
        if (current) setCounts((previous) => previous ?? 'none');
      },
    );
    return () => {
      current = false;
      subscription.unsubscribe();
    };
  }, [http, bus]);

  if (counts === 'none') return null;
  return (
    <Card title={t('unread.title')} data-testid="figure-unread">
      {counts === null ? (
        <Skeleton className="h-12" />
      ) : (
        <dl className="grid grid-cols-2 gap-2">
          <div className="flex flex-col">
            <dt className="text-sm text-ink-soft">{t('unread.notices')}</dt>
            <dd>
              <Link to="/notices" className="text-2xl font-medium text-ink hover:text-primary">
                {counts.notices}
              </Link>
            </dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-sm text-ink-soft">{t('unread.messages')}</dt>
            <dd>
              <Link to="/messages" className="text-2xl font-medium text-ink hover:text-primary">
                {counts.messages}
              </Link>
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

/** The cards other plugins contribute (`dashboardCard`), each loading and failing on its own. */
export function ContributedCards({ cards }: { cards: readonly DashboardCardContribution[] }) {
  const t = useT('dashboard');
  if (cards.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-cards">
      {cards.map((card) => {
        const Contributed = lazyPage(card.component);
        return (
          <PageErrorBoundary
            key={card.id}
            fallback={(error) => (
              <Card>
                <p role="alert" className="text-sm text-danger">
                  {t('cardFailed', { message: error.message })}
                </p>
              </Card>
            )}
          >
            <Suspense fallback={<Skeleton className="h-32" />}>
              <Contributed />
            </Suspense>
          </PageErrorBoundary>
        );
      })}
    </div>
  );
}
