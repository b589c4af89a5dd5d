import { ACCOUNT_CALLS, profileBodySchema } from '@vap/contracts';
import { useClient, useKernel, useSession, useT } from '@vap/kernel';
import { FormDialog, message, TextareaField, TextField, useZodForm } from '@vap/ui';
import { ReadOnlyField } from './read-only-field.js';
import { messageOf } from './upload.js';
import { WechatBinding } from './wechat-binding.js';

/**
 * Profile (spec §2.4, §3 "Forms", §5.2): phone and email read-only, nickname required, remark; and
 * binding WeChat for scan sign-in where the server offers it.
 */
export default function ProfileDialog({ onClose }: { onClose: () => void }) {
  const kernel = useKernel();
  const account = useClient(ACCOUNT_CALLS);
  const t = useT('own-account');
  const { user } = useSession();
  const form = useZodForm(profileBodySchema, {
    defaultValues: { nickname: user?.nickname ?? '', email: user?.email ?? '', remark: user?.remark ?? '' },
  });

  const submit = async (values: {
    nickname: string;
    email?: string | undefined;
    remark?: string | undefined;
  }) => {
    try {
      await account.updateProfile({ body: values }, { quiet: true });
      await kernel.session.reload();
      message.success(t('profile.success'));
      onClose();
    } catch (error) {
      message.error(t('profile.fail', { message: messageOf(error) }));
    }
  };

  return (
    <FormDialog form={form} title={t('profile.title')} size="small" onSubmit={submit} onClose={onClose}>
      <TextField name="nickname" label={t('profile.nickname')} required autoComplete="nickname" />
      <ReadOnlyField id="profile-phone" label={t('profile.phone')} value={user?.phone ?? ''} />
      <TextField name="email" label={t('profile.email')} hint={t('profile.emailHint')} readOnly disabled />
      <TextareaField name="remark" label={t('profile.remark')} maxLength={200} />
      <WechatBinding />
    </FormDialog>
  );
}
