import { isOwner, type UserInfo, VERIFY_STATUS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Dialog } from '@vap/ui';

/**
 * The hint of spec §4.2, opened on load when the company is not verified (0) or failed (3). Its
 * text depends on the status; the owner gets Cancel and to-verify (0) or edit (3); status 1, or
 * anyone but the owner, gets a confirm button only.
 */
export function VerifyHintDialog({
  user,
  onClose,
  onVerify,
}: {
  user: UserInfo;
  onClose: () => void;
  onVerify: () => void;
}) {
  const t = useT('own-account');
  const status = user.company?.verify_status ?? VERIFY_STATUS.notVerified;
  const owner = isOwner(user);
  const key = owner ? (`verifyHint.owner${status}` as const) : 'verifyHint.member';
  const action =
    owner && status === VERIFY_STATUS.notVerified
      ? t('verifyHint.toVerify')
      : owner && status === VERIFY_STATUS.failed
        ? t('verifyHint.edit')
        : null;
  return (
    <Dialog
      onClose={onClose}
      title={t('verifyHint.title')}
      size="small"
      footer={
        action ? (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="primary" onClick={onVerify}>
              {action}
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={onClose}>
            {t('common.confirm')}
          </Button>
        )
      }
    >
      <p>{t(key)}</p>
    </Dialog>
  );
}
