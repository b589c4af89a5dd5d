import type { AuditSnapshot } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { cn } from '@vap/ui';

/** A snapshot value as text: plain values as they are, objects and lists as compact JSON. */
function shown(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field of either snapshot, with whether the write changed it. */
export function changedFields(before: AuditSnapshot, after: AuditSnapshot) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return names.map((name) => {
    const old = before?.[name];
    const now = after?.[name];
    return {
      name,
      before: shown(old),
      after: shown(now),
      changed: JSON.stringify(old) !== JSON.stringify(now),
    };
  });
}

/** The row before and after a write, field by field, the changed fields marked. */
export function AuditChanges({ before, after }: { before: AuditSnapshot; after: AuditSnapshot }) {
  const t = useT('system');
  const fields = changedFields(before, after);
  if (fields.length === 0) return <p className="text-sm text-ink-soft">{t('audit.noSnapshot')}</p>;
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{t('audit.changes')}</caption>
      <thead>
        <tr className="border-b border-line text-ink-soft">
          <th scope="col" className="w-1/5 py-1 pr-2 font-medium">
            {t('audit.field')}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t('audit.before')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('audit.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr
            key={field.name}
            className={cn('border-b border-line align-top', field.changed && 'bg-warning-soft')}
            aria-label={field.changed ? t('audit.changedField', { name: field.name }) : undefined}
          >
            <th scope="row" className="py-1 pr-2 font-mono font-normal">
              {field.name}
            </th>
            <td className="break-all py-1 pr-2 font-mono">{field.before}</td>
            <td className="break-all py-1 font-mono">{field.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
