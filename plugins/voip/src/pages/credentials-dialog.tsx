import type { VoipCredentials } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Alert, Button, Descriptions, Dialog, message } from '@vap/ui';

/**
 * An extension's password, shown this once (issue 33: it is never stored, only its digest): the
 * user name, password, SIP domain and server a phone is set up with. Reset to get another.
 */
export function CredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: VoipCredentials;
  onClose: () => void;
}) {
  const t = useT('voip');
  const { extension, password, server } = credentials;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      message.success(t('credentials.copied'));
    } catch {
      // No clipboard (an insecure page): the password stays shown to be copied by hand.
    }
  };
  return (
    <Dialog
      onClose={onClose}
      title={t('credentials.title', { dialId: extension.dial_id })}
      footer={
        <>
          <Button onClick={() => void copy()}>{t('credentials.copy')}</Button>
          <Button variant="primary" onClick={onClose}>
            {t('close')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Alert tone="warning">{t('credentials.once')}</Alert>
        <Descriptions
          columns={1}
          bordered
          items={[
            { key: 'dial_id', label: t('credentials.dialId'), value: extension.dial_id },
            {
              key: 'password',
              label: t('credentials.password'),
              value: (
                <code data-testid="voip-password" className="font-mono text-base">
                  {password}
                </code>
              ),
            },
            { key: 'domain', label: t('credentials.domain'), value: extension.domain },
            { key: 'server', label: t('credentials.server'), value: server ?? t('credentials.noServer') },
          ]}
        />
      </div>
    </Dialog>
  );
}
