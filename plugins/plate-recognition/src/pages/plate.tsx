import type { PlateReading } from '@vap/contracts';
import { useT } from '@vap/kernel';

/** The names of a plate's type, colour and billing: the server's words (locales/server `prs`). */
export function usePlateWords() {
  const names = useT('prs-names');
  return {
    type: (type: PlateReading['type']) => names(`prs.plateTypes.${type}`),
    color: (color: PlateReading['color']) => names(`prs.colors.${color}`),
    billing: (billing: 'package' | 'per_call' | 'trial' | 'none') => names(`prs.billings.${billing}`),
  };
}
