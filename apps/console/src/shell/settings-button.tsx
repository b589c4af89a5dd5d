import { useT } from '@vap/kernel';
import { cn } from '@vap/ui';
import { Settings } from 'lucide-react';

/** The settings button on the right edge (setting `showSettings`). */
export function SettingsButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t('settings.open')}
      onClick={onClick}
      className={cn(
        'fixed top-1/3 right-0 z-40 flex h-10 w-10 items-center justify-center rounded-l-md bg-primary text-white shadow-md',
        'hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
      )}
    >
      <Settings aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
