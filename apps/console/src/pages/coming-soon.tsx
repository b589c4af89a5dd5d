import { useT } from '@vap/kernel';
import { Result } from '@vap/ui';

/** What a page or public route of a not-yet-built plugin shows: never a blank page. */
export default function ComingSoon() {
  const t = useT();
  return <Result status="info" title={t('app.comingSoon')} subtitle={t('app.comingSoonHint')} />;
}
