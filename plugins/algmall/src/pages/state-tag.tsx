import type { AuthorisationState } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Tag, type TagTone } from '@vap/ui';

const STATE_TONES: Record<AuthorisationState, TagTone> = {
  in_progress: 'primary',
  success: 'success',
  failed: 'danger',
  cancelled: 'default',
  timeout: 'warning',
};

/** An authorisation's state (spec §4.3) as a tag of its tone. */
export function StateTag({ state }: { state: AuthorisationState }) {
  const t = useT('algmall');
  return <Tag tone={STATE_TONES[state]}>{t(`authorisations.states.${state}`)}</Tag>;
}
