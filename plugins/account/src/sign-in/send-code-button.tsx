import { AUTH_CALLS, SMS_RESEND_SECONDS, type SmsCodeBody, type SmsPurpose } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import { Button, Dialog } from '@vap/ui';
import { useEffect, useState } from 'react';
import { type CaptchaVerdict, SliderCaptcha, type SolvedCaptcha } from './slider-captcha.js';

export interface SendCodeButtonProps {
  purpose: SmsPurpose;
  /** Checks the form's phone field: the phone to send to, or null (the field shows why). */
  getPhone: () => Promise<string | null>;
  /** A failure other than a wrong puzzle (e.g. 429 too many codes): the form shows the message. */
  onError: (message: string) => void;
  /** Called once a code went out. */
  onSent?: () => void;
}

/**
 * "Get code": the slider captcha must be solved first (the solved puzzle pays for the SMS), then a
 * 60-s countdown before another code can be asked for.
 */
export function SendCodeButton({ purpose, getPhone, onError, onSent }: SendCodeButtonProps) {
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const [phone, setPhone] = useState<string | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const open = async () => {
    const checked = await getPhone();
    if (checked) setPhone(checked);
  };

  const onAnswer = async (captcha: SolvedCaptcha): Promise<CaptchaVerdict> => {
    if (!phone) return 'done';
    const body: SmsCodeBody = { phone, purpose, ...captcha };
    try {
      await auth.smsCode({ body }, { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'captcha_failed') return 'wrong';
      setPhone(null);
      onError((error as Error).message);
      return 'done';
    }
    setRemaining(SMS_RESEND_SECONDS);
    onSent?.();
    // Let the user see the success for a moment.
    setTimeout(() => setPhone(null), 600);
    return 'solved';
  };

  return (
    <>
      <Button type="button" className="shrink-0" disabled={remaining > 0} onClick={() => void open()}>
        {remaining > 0 ? t('sms.resendIn', { seconds: remaining }) : t('sms.send')}
      </Button>
      <Dialog
        open={phone !== null}
        onOpenChange={(next) => {
          if (!next) setPhone(null);
        }}
        title={t('captcha.title')}
        size="small"
      >
        {phone !== null ? <SliderCaptcha onAnswer={onAnswer} /> : null}
      </Dialog>
    </>
  );
}
