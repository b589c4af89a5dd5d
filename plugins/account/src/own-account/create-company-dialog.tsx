import {
  ACCOUNT_PATHS,
  type CreateCompanyBody,
  createCompanyBodySchema,
  toFullWidthParentheses,
} from '@vap/contracts';
import { useKernel, useT } from '@vap/kernel';
import { FormDialog, FormField, Input, message, useZodForm } from '@vap/ui';
import { messageOf } from './api.js';

/**
 * Company completion (spec §2.1): a user without a company creates one and becomes its owner; the
 * session reloads, and the verification hint follows for the new, not yet verified company.
 */
export function CreateCompanyDialog({ onClose }: { onClose: () => void }) {
  const kernel = useKernel();
  const t = useT('own-account');
  const form = useZodForm(createCompanyBodySchema, { defaultValues: { name: '', title: '' } });

  const submit = async (values: CreateCompanyBody) => {
    try {
      await kernel.http.post(ACCOUNT_PATHS.companies, values, { quiet: true });
      await kernel.session.reload();
      message.success(t('companyCreate.success'));
      onClose();
    } catch (error) {
      message.error(t('companyCreate.fail', { message: messageOf(error) }));
    }
  };

  return (
    <FormDialog
      form={form}
      title={t('companyCreate.title')}
      description={t('companyCreate.description')}
      size="small"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('companyCreate.submit')}
      cancelLabel={t('common.later')}
    >
      <FormField
        name="name"
        label={t('companyCreate.name')}
        required
        render={({ field }) => (
          <Input
            {...field}
            maxLength={100}
            onChange={(event) => field.onChange(toFullWidthParentheses(event.target.value))}
          />
        )}
      />
      <FormField
        name="title"
        label={t('companyCreate.companyTitle')}
        render={({ field }) => <Input {...field} value={field.value ?? ''} />}
      />
    </FormDialog>
  );
}
