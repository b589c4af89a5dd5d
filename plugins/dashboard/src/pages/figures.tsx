import { type UserInfo, VERIFY_STATUS, type VerifyStatus } from '@vap/contracts';
import { type Contribution, lazyPage, PageErrorBoundary, useKernel, useT, withMessages } from '@vap/kernel';
import { Card, Skeleton, Tag, type TagTone } from '@vap/ui';
import { Suspense, useEffect, useState } from 'react';
import type { DashboardCard } from '../points.js';

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
 * True once the first paint of the component's commit is done: a frame is asked for, and the task
 * after it runs once that frame has been painted.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The cards other plugins contribute (`DashboardCards`), each loading and failing on its own. Their
 * code and their calls start once the page has painted, so that the page's own figures and links
 * show as soon as they can and its first load carries none of the cards.
 */
export function ContributedCards({ cards }: { cards: readonly Contribution<DashboardCard>[] }) {
  const t = useT('dashboard');
  const { i18n } = useKernel();
  const painted = usePainted();
  if (cards.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-cards">
      {cards.map((card) => {
        if (!painted) return <Skeleton key={card.id} className="h-32" />;
        const Contributed = lazyPage(withMessages(card.value.component, card.messages, i18n));
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
