import { Alert, Button, Card, Field, Input, message, PasswordInput, Spinner } from '@vap/ui';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.inputs;

export function InputsSection() {
  return (
    <Section id="inputs">
      <Demo title={t.input}>
        <div className="grid w-full grid-cols-1 gap-4 md:grid-cols-3">
          <Field label={t.input}>
            <Input placeholder={t.inputPlaceholder} />
          </Field>
          <Field label={t.disabledInput}>
            <Input disabled defaultValue={t.inputPlaceholder} />
          </Field>
          <Field label={t.password} required>
            <PasswordInput showLabel={t.show} hideLabel={t.hide} defaultValue="secret-123" />
          </Field>
          <Field label={t.fieldHint} hint={t.fieldHintText}>
            <Input />
          </Field>
          <Field label={t.fieldError} error={t.fieldErrorText} required>
            <Input defaultValue="gate-01" />
          </Field>
        </div>
      </Demo>
      <Demo title={t.alerts}>
        <div className="flex w-full flex-col gap-2">
          <Alert tone="info">{t.alertInfo}</Alert>
          <Alert tone="success">{t.alertSuccess}</Alert>
          <Alert tone="warning">{t.alertWarning}</Alert>
          <Alert tone="error">{t.alertError}</Alert>
        </div>
      </Demo>
      <Demo title={t.messages}>
        <Button onClick={() => message.success(t.messageSuccessText)}>{t.messageSuccess}</Button>
        <Button onClick={() => message.info(t.messageInfoText)}>{t.messageInfo}</Button>
        <Button onClick={() => message.warning(t.messageWarningText)}>{t.messageWarning}</Button>
        <Button onClick={() => message.error(t.messageErrorText)}>{t.messageError}</Button>
      </Demo>
      <Demo title={t.spinner}>
        <Spinner />
        <Spinner className="h-8 w-8 text-primary" label={t.spinnerLabel} />
      </Demo>
      <Demo title={t.cards}>
        <Card
          title={t.cardTitle}
          extra={
            <Button variant="link" size="small">
              {t.cardExtra}
            </Button>
          }
          className="w-80"
        >
          <p className="text-sm text-ink-soft">{t.cardBody}</p>
        </Card>
      </Demo>
    </Section>
  );
}
