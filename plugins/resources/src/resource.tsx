/** What the resource pages share: a resource's words in the console's language and its facts. */
import type { Resource, ResourceText } from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { buttonVariants, formatFileSize, Tag } from '@vap/ui';
import type { ReactNode } from 'react';

/** A resource's text in the console's language (every answer carries all three). */
export function useLocalized(): (text: ResourceText) => string {
  const language = useLanguage();
  return (text) => text[language];
}

/** A resource's category and models, as tags. */
export function ResourceTags({ resource }: { resource: Resource }) {
  const t = useT('resources');
  return (
    <span className="flex flex-wrap gap-1">
      <Tag>{t(`category.${resource.category}`)}</Tag>
      {resource.models.length === 0 ? (
        <Tag>{t('resource.allModels')}</Tag>
      ) : (
        resource.models.map((model) => <Tag key={model}>{model}</Tag>)
      )}
    </span>
  );
}

/** A resource as a card of a public page: its name, words, facts and how to download it. */
export function ResourceCard({ resource, action }: { resource: Resource; action: ReactNode }) {
  const t = useT('resources');
  const localized = useLocalized();
  const name = localized(resource.name);
  return (
    <article aria-label={name} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <h2 className="text-base font-medium text-ink break-words">{name}</h2>
      <ResourceTags resource={resource} />
      {localized(resource.description) ? (
        <p className="whitespace-pre-line text-sm text-ink-soft">{localized(resource.description)}</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-faint">{t('resource.version')}</dt>
        <dd>{resource.version}</dd>
        <dt className="text-ink-faint">{t('resource.size')}</dt>
        <dd>{formatFileSize(resource.size)}</dd>
        <dt className="text-ink-faint">{t('resource.md5')}</dt>
        <dd className="break-all font-mono text-xs">{resource.md5}</dd>
      </dl>
      <div className="self-start">{action}</div>
    </article>
  );
}

/** A link that downloads a file the server sends (a public page's: no token to carry). */
export function DownloadLink({ href, fileName, label }: { href: string; fileName: string; label: string }) {
  return (
    <a href={href} download={fileName} className={buttonVariants({ variant: 'primary' })}>
      {label}
    </a>
  );
}
