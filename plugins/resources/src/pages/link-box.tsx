import type { CreatedLink } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Alert, Button, type DataTableHandle, Input, message } from '@vap/ui';
import { useRef, useState } from 'react';

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

/**
 * Making links (a resource's share links, the official grants) in a dialog that lists those issued
 * (`table`): `create` asks `make` for one, `busy` until answered; the link made is kept to be shown
 * once, and the list read again.
 */
export function useMakeLink(make: () => Promise<CreatedLink>) {
  const table = useRef<DataTableHandle>(null);
  const [made, setMade] = useState<CreatedLink | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      setMade(await make());
      table.current?.reload();
    } catch {
      // The console shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { table, made, busy, create };
}

/** The link just made, shown this once (the server keeps only its hash): `said` over its box. */
export function MadeLink({ path, label, said }: { path: string; label: string; said: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="success">{said}</Alert>
      <LinkBox path={path} label={label} />
    </div>
  );
}
