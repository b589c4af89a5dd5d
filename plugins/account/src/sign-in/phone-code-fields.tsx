import type { SmsPurpose } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FormField, Input } from '@vap/ui';
import { useState } from 'react';
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

/** A form's phone, as far as "Get code" reads it. */
interface PhoneForm {
  trigger: (name: 'phone') => Promise<boolean>;
  getValues: (name: 'phone') => string;
}

/**
 * The failure line of a form with PhoneCodeFields, and the phone that its "Get code" sends the code
 * to: checked by the form's own rules first (null when it fails them), the failure line cleared.
 */
export function usePhoneCode(form: PhoneForm) {
  const [failure, setFailure] = useState<string | null>(null);
  const getPhone = async () => {
    setFailure(null);
    return (await form.trigger('phone')) ? form.getValues('phone').trim() : null;
  };
  return { failure, setFailure, getPhone };
}
