import {
  formatDateTime,
  OFFICIAL_GRANT_VALIDITIES,
  type OfficialGrantValidity,
  RESOURCE_CALLS,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, Dialog, RadioGroup } from '@vap/ui';
import { useState } from 'react';
import { IssuedLinks } from './issued-links.js';
import { MadeLink, useMakeLink } from './link-box.js';

/**
 * The public download page's links (spec §2.1 `/official`, §9): a skip-login grant until midnight
 * today (the product's calendar, Asia/Shanghai) or for 3 or 7 days, shown once with a copy button;
 * the company's grants listed with their downloads, and a valid one revoked (asked first).
 */
export default function OfficialDialog({ onClose }: { onClose: () => void }) {
  const t = useT('resources');
  const resources = useClient(RESOURCE_CALLS);
  const [validity, setValidity] = useState<OfficialGrantValidity>('today');
  const { table, made, busy, create } = useMakeLink(() => resources.officialGrant({ body: { validity } }));

  return (
    <Dialog
      title={t('official.title')}
      description={t('official.description')}
      size="large"
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <span id="official-validity" className="text-sm text-ink-soft">
            {t('official.validity')}
          </span>
          <RadioGroup
            aria-labelledby="official-validity"
            value={validity}
            onValueChange={(value) => setValidity(value as OfficialGrantValidity)}
            options={OFFICIAL_GRANT_VALIDITIES.map((value) => ({
              value,
              label: value === 'today' ? t('official.today') : t('official.days', { count: Number(value) }),
            }))}
          />
        </div>
        <Button variant="primary" className="self-start" disabled={busy} onClick={() => void create()}>
          {t('official.create')}
        </Button>
        {made ? (
          <MadeLink
            path={made.path}
            label={t('official.title')}
            said={t('official.created', { time: formatDateTime(made.expires_at) })}
          />
        ) : null}
        <IssuedLinks
          id="resource-official-grants"
          label={t('official.grants')}
          table={table}
          emptyText={t('official.grantsEmpty')}
          load={async (signal) => (await resources.officialGrants({}, { signal })).items}
          revoke={(grant) => resources.revokeOfficialGrant({ params: { id: grant.id } })}
          confirm={t('official.revokeConfirm')}
          done={t('official.revokedDone')}
        />
      </div>
    </Dialog>
  );
}
