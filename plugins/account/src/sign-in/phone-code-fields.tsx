import type { SmsPurpose } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FormField, Input } from '@vap/ui';
import { SendCodeButton } from './send-code-button.js';

export interface PhoneCodeFieldsProps {
  purpose: SmsPurpose;
  getPhone: () => Promise<string | null>;
  onError: (message: string) => void;
}

/** The phone and SMS code fields of a form (inside `Form`), with the "Get code" button. */
export function PhoneCodeFields({ purpose, getPhone, onError }: PhoneCodeFieldsProps) {
  const t = useT('account');
  return (
    <>
      <FormField
        name="phone"
        label={t('sms.phone')}
        required
        render={({ field }) => (
          <Input
            {...field}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder={t('sms.phonePlaceholder')}
          />
        )}
      />
      <div className="flex gap-2">
        <FormField
          className="flex-1"
          name="sms_code"
          label={t('sms.code')}
          required
          render={({ field }) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('sms.codePlaceholder')}
            />
          )}
        />
        <div className="pt-6">
          <SendCodeButton purpose={purpose} getPhone={getPhone} onError={onError} />
        </div>
      </div>
    </>
  );
}
