import { isOwner } from '@vap/contracts';
import { type AppRoute, useContributions, useSession, useT } from '@vap/kernel';
import { Card } from '@vap/ui';
import { Link } from 'react-router';
import { DashboardCards } from '../points.js';
import { ContributedCards, VerificationFigure } from './figures.js';

/** Visible pages of the sidebar tree, in menu order. */
function visiblePages(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    if (route.type === 'dir') return visiblePages(route.children);
    return route.type === 'page' ? [route] : [];
  });
}

/**
 * The home page (spec §2.2 /dashboard): who you are, your role, your company and its verification,
 * the cards other plugins contribute for the pages your menu has (unread notices and messages, the
 * balance, the fleet, its tasks, the broker, cloud storage), and where you can go.
 */
export default function DashboardPage() {
  const t = useT('dashboard');
  const tc = useT();
  const { user, routes } = useSession();
  const contributed = useContributions(DashboardCards);
  if (!user) return null;
  const pages = visiblePages(routes?.tree ?? []).filter((route) => route.name !== 'dashboard');
  // A card summarising a page the menu lacks would ask the server what it refuses: it is left out.
  const cards = contributed.filter(
    ({ value }) => value.page === undefined || routes?.byName.get(value.page)?.type === 'page',
  );
  const company = user.company;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">
        {t('welcome', { name: user.nickname || user.phone || user.email })}
      </h1>
      <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
        <Card title={t('company')}>
          {company ? (
            <div className="flex flex-col gap-1">
              <span className="text-base text-ink">{company.title || company.name}</span>
              {company.title ? <span className="text-sm text-ink-soft">{company.name}</span> : null}
            </div>
          ) : (
            <span className="text-ink-soft">{t('noCompany')}</span>
          )}
        </Card>
        <Card title={t('role')}>
          <span className="text-ink">{isOwner(user) ? t('owner') : (user.role_name ?? '—')}</span>
        </Card>
        <Card title={t('account')}>
          <div className="flex flex-col gap-1 text-sm text-ink-soft">
            {user.phone ? <span>{user.phone}</span> : null}
            {user.email ? <span>{user.email}</span> : null}
          </div>
        </Card>
        <VerificationFigure user={user} />
      </div>
      <ContributedCards cards={cards} />
      <Card
        title={t('pages')}
        extra={<span className="text-sm text-ink-soft">{t('pageCount', { count: pages.length })}</span>}
      >
        {pages.length === 0 ? (
          <p className="text-ink-soft">{t('noPages')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {pages.map((route) => (
              <li key={route.name}>
                <Link
                  to={route.path}
                  className="block rounded border border-line-soft px-3 py-2 text-sm text-ink hover:border-primary hover:text-primary"
                >
                  {tc(route.title, { defaultValue: route.title })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
