import { useT } from '@vap/kernel';
import { Card, Empty, Skeleton } from '@vap/ui';
import {
  CampaignStateTag,
  CampaignsFailed,
  CampaignWindow,
  useCampaigns,
  useLocalized,
} from '../campaign.js';

/**
 * Promotion info (spec §2.3 promotion_info): every campaign, current and past, newest window
 * first — its title, state (upcoming, open, ended), window and rules in the console's language.
 */
export default function PromotionsPage() {
  const t = useT('campaigns');
  const localized = useLocalized();
  const campaigns = useCampaigns();
  if (campaigns.isPending) return <Skeleton lines={6} />;
  if (campaigns.isError) return <CampaignsFailed campaigns={campaigns} />;
  const items = campaigns.data.items;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('promotions.title')}</h1>
      {items.length === 0 ? <Empty description={t('promotions.empty')} /> : null}
      {items.map((campaign) => (
        <Card key={campaign.id}>
          <section aria-label={localized(campaign.title)} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-medium text-ink">{localized(campaign.title)}</h2>
              <CampaignStateTag state={campaign.state} />
            </div>
            <CampaignWindow campaign={campaign} />
            <p className="whitespace-pre-line text-sm text-ink">{localized(campaign.rules)}</p>
          </section>
        </Card>
      ))}
    </div>
  );
}
