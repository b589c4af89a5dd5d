import { usePermission, useT } from '@vap/kernel';
import { Button } from '@vap/ui';
import { lazy, Suspense, useState } from 'react';
import { PhoneList } from './phone-list.js';

const ImportDialog = lazy(() => import('./import-dialog.js'));

/**
 * Device phones (spec §2.3 voip_device_phone; issue 33): the extensions of the company's intercoms
 * and cameras with talk-back, each bound to a device within the caller's groups, with their live
 * registration; added one by one or imported from a workbook (the role's `import` button).
 */
export default function DevicePhonesPage() {
  const t = useT('voip');
  const mayImport = usePermission('import');
  const [importing, setImporting] = useState(false);
  const [imports, setImports] = useState(0);
  return (
    <>
      <PhoneList
        kind="device"
        reloads={imports}
        toolbar={
          mayImport ? <Button onClick={() => setImporting(true)}>{t('devicePhone.import')}</Button> : null
        }
      />
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog
            onClose={() => setImporting(false)}
            onImported={() => setImports((current) => current + 1)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
