import type { ConfigTemplate } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { cn } from '@vap/ui';
import { configSummary } from './config-fields.js';

/** What a template sets, a line per section, in small print. */
export function ConfigSummary({
  config,
  className,
}: {
  config: ConfigTemplate['config'];
  className?: string;
}) {
  const t = useT('devices');
  const lines = configSummary(t, config);
  if (lines.length === 0) return <span className="text-xs text-ink-faint">{t('config.nothing')}</span>;
  return (
    <ul className={cn('flex flex-col gap-0.5 text-xs text-ink-soft', className)}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
