import type { ReactNode } from 'react';
import { useUiT } from '../../i18n.js';
import { Result } from '../result.js';

export interface PresetResultProps {
  /** Replaces the translated default title. */
  title?: ReactNode;
  /** Replaces the translated default subtitle. */
  subtitle?: ReactNode;
  /** Actions below, e.g. "Back home" or "Sign in again". */
  extra?: ReactNode;
  className?: string;
}

/** The /404 page body: the page does not exist. */
export function NotFoundResult({ title, subtitle, extra, className }: PresetResultProps) {
  const t = useUiT();
  return (
    <Result
      status="404"
      title={title ?? t('overlay.notFound.title')}
      subtitle={subtitle ?? t('overlay.notFound.subtitle')}
      extra={extra}
      className={className}
    />
  );
}

/** The /401 page body: not signed in or the sign-in expired. */
export function UnauthorizedResult({ title, subtitle, extra, className }: PresetResultProps) {
  const t = useUiT();
  return (
    <Result
      status="401"
      title={title ?? t('overlay.unauthorized.title')}
      subtitle={subtitle ?? t('overlay.unauthorized.subtitle')}
      extra={extra}
      className={className}
    />
  );
}

/** Signed in, but this page is not among the user's menus (403). */
export function NoAccessResult({ title, subtitle, extra, className }: PresetResultProps) {
  const t = useUiT();
  return (
    <Result
      status="403"
      title={title ?? t('overlay.noAccess.title')}
      subtitle={subtitle ?? t('overlay.noAccess.subtitle')}
      extra={extra}
      className={className}
    />
  );
}
