import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_CALLS, type Campaign, type CampaignState, callKey, formatDateTime } from '@vap/contracts';
import { useClient, useLanguage, useT } from '@vap/kernel';
import { Button, Tag, type TagTone } from '@vap/ui';
import './i18n-keys.js';

/** A text of the three languages in the console's. */
export function useLocalized(): (text: Campaign['title']) => string {
  const language = useLanguage();
  return (text) => text[language];
}

/** Every campaign (one query, shared by both pages). */
export function useCampaigns() {
  const client = useClient(CAMPAIGN_CALLS);
  return useQuery({
    queryKey: callKey(CAMPAIGN_CALLS.campaigns, {}),
    queryFn: ({ signal }) => client.campaigns({}, { signal, quiet: true }),
  });
}

/** The campaigns could not be read: the server's message, and a retry. */
export function CampaignsFailed({ campaigns }: { campaigns: ReturnType<typeof useCampaigns> }) {
  const t = useT('campaigns');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
      <span>{t('loadFailed', { message: campaigns.error?.message })}</span>
      <Button onClick={() => void campaigns.refetch()} disabled={campaigns.isFetching}>
        {t('retry')}
      </Button>
    </div>
  );
}

const STATE_TONES: Record<CampaignState, TagTone> = {
  upcoming: 'primary',
  open: 'success',
  ended: 'default',
};

export function CampaignStateTag({ state }: { state: CampaignState }) {
  const t = useT('campaigns');
  return <Tag tone={STATE_TONES[state]}>{t(`states.${state}`)}</Tag>;
}

/** Its window, start to end, in the console's time format. */
export function CampaignWindow({ campaign }: { campaign: Campaign }) {
  const t = useT('campaigns');
  return (
    <span className="text-sm text-ink-soft">
      {t('window', { start: formatDateTime(campaign.starts_at), end: formatDateTime(campaign.ends_at) })}
    </span>
  );
}
export const RECORDS_TABLE = 'campaigns-trade-in-records';
export const TRANSFERS_TABLE = 'campaigns-voucher-transfers';
