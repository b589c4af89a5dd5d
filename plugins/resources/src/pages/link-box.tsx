import { useT } from '@vap/kernel';
import { Button, Input, message } from '@vap/ui';

/** A made link, its address in full (this console's origin) and a button that copies it. */
export function LinkBox({ path, label }: { path: string; label: string }) {
  const t = useT('resources');
  const address = `${window.location.origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      message.success(t('share.copied'));
    } catch {
      // No clipboard (an insecure origin): the address stays selectable in its box.
    }
  };
  return (
    <div className="flex gap-2">
      <Input aria-label={label} readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
      <Button onClick={() => void copy()}>{t('share.copy')}</Button>
    </div>
  );
}
