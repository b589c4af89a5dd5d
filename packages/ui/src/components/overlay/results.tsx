import type { ReactNode } from 'react';
import { useUiT } from '../../i18n.js';
import { Result, type ResultStatus } from '../result.js';

export interface PresetResultProps {
  /** Replaces the translated default title. */
  title?: ReactNode;
  /** Replaces the translated default subtitle. */
  subtitle?: ReactNode;
  /** Actions below, e.g. "Back home" or "Sign in again". */
  extra?: ReactNode;
  className?: string;
}

/** A preset of `Result`: its status, and its translated title and subtitle unless the props replace them. */
function presetResult(status: ResultStatus, preset: 'notFound' | 'unauthorized' | 'noAccess') {
  return function PresetResult({ title, subtitle, extra, className }: PresetResultProps) {
    const t = useUiT();
    return (
      <Result
        status={status}
        title={title ?? t(`overlay.${preset}.title`)}
        subtitle={subtitle ?? t(`overlay.${preset}.subtitle`)}
        extra={extra}
        className={className}
      />
    );
  };
}

/** The /404 page body: the page does not exist. */
export const NotFoundResult = presetResult('404', 'notFound');

/** The /401 page body: not signed in or the sign-in expired. */
export const UnauthorizedResult = presetResult('401', 'unauthorized');

/** Signed in, but this page is not among the user's menus (403). */
export const NoAccessResult = presetResult('403', 'noAccess');
