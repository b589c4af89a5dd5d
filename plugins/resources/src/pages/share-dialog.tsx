import { formatDateTime, RESOURCE_CALLS, type Resource, SHARE_LINK_DAYS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, Dialog, RadioGroup } from '@vap/ui';
import { useState } from 'react';
import { useLocalized } from '../resource.js';
import { IssuedLinks } from './issued-links.js';
import { MadeLink, useMakeLink } from './link-box.js';

type Days = (typeof SHARE_LINK_DAYS)[number];

/**
 * Shares a resource (spec §9: a link valid 1, 3 or 7 days): the link made is shown once with a copy
 * button (the server keeps only its hash); the resource's links are listed with their downloads and
 * state, and a live one can be revoked (asked first).
 */
export default function ShareDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const t = useT('resources');
  const resources = useClient(RESOURCE_CALLS);
  const localized = useLocalized();
  const [days, setDays] = useState<Days>(1);
  const { table, made, busy, create } = useMakeLink(() =>
    resources.share({ params: { id: resource.id }, body: { days } }),
  );

  return (
    <Dialog title={t('share.title', { name: localized(resource.name) })} size="large" onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <span id="share-validity" className="text-sm text-ink-soft">
            {t('share.validity')}
          </span>
          <RadioGroup
            aria-labelledby="share-validity"
            value={String(days)}
            onValueChange={(value) => setDays(Number(value) as Days)}
            options={SHARE_LINK_DAYS.map((count) => ({
              value: String(count),
              label: t('share.days', { count }),
            }))}
          />
          <Button variant="primary" disabled={busy} onClick={() => void create()}>
            {t('share.create')}
          </Button>
        </div>
        {made ? (
          <MadeLink
            path={made.path}
            label={t('share.link')}
            said={t('share.created', { time: formatDateTime(made.expires_at) })}
          />
        ) : null}
        <IssuedLinks
          id="resource-share-links"
          label={t('share.links')}
          table={table}
          emptyText={t('share.linksEmpty')}
          load={async (signal) => (await resources.links({ params: { id: resource.id } }, { signal })).items}
          revoke={(link) => resources.revokeLink({ params: { id: link.id } })}
          confirm={t('share.revokeConfirm')}
          done={t('share.revokedDone')}
        />
      </div>
    </Dialog>
  );
}
