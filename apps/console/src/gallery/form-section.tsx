import { emailSchema, phoneSchema } from '@vap/contracts';
import {
  Button,
  Checkbox,
  DatePicker,
  DateRangePicker,
  Field,
  Form,
  FormField,
  Input,
  message,
  RadioGroup,
  Select,
  SubmitButton,
  Switch,
  Textarea,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';
// zod is not a declared dependency of the console; it comes with @vap/contracts and @vap/ui (one copy).
import { z } from 'zod';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.form;
const REQUIRED = 'validation.required';

/** The demo form's schema: the phone and email rules are the shared ones of @vap/contracts. */
export const gallerySchema = z.object({
  name: z.string().trim().min(1, REQUIRED),
  phone: phoneSchema,
  email: emailSchema,
  role: z.string().min(1, REQUIRED),
  channel: z.enum(['sms', 'email', 'none']),
  remark: z.string().max(200),
  enabled: z.boolean(),
  agree: z.boolean().refine((value) => value, REQUIRED),
  installDate: z
    .date()
    .nullable()
    .refine((value) => value !== null, REQUIRED),
  period: z.object({ from: z.date(), to: z.date() }).nullable(),
});

type GalleryValues = z.input<typeof gallerySchema>;

const defaults: GalleryValues = {
  name: '',
  phone: '',
  email: '',
  role: '',
  channel: 'sms',
  remark: '',
  enabled: true,
  agree: false,
  installDate: null,
  period: null,
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function FormSection() {
  const form = useZodForm(gallerySchema, { defaultValues: defaults });
  const [submitted, setSubmitted] = useState<string | null>(null);

  const submit = async (values: z.output<typeof gallerySchema>) => {
    // Long enough to see the SubmitButton's pending state.
    await wait(800);
    setSubmitted(JSON.stringify(values, null, 2));
    message.success(t.submittedMessage);
  };

  return (
    <Section id="form">
      <p className="text-sm text-ink-soft">{t.intro}</p>
      <Form form={form} onSubmit={submit} aria-label={t.formLabel} className="max-w-3xl">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FormField
            name="name"
            label={t.name}
            required
            render={({ field }) => <Input placeholder={t.namePlaceholder} {...field} />}
          />
          <FormField
            name="role"
            label={t.role}
            required
            hint={t.roleHint}
            render={({ field }) => (
              <Select
                options={t.roleOptions}
                clearable
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <FormField
            name="phone"
            label={t.phone}
            required
            render={({ field }) => <Input inputMode="tel" placeholder={t.phonePlaceholder} {...field} />}
          />
          <FormField
            name="email"
            label={t.email}
            required
            render={({ field }) => <Input type="email" placeholder={t.emailPlaceholder} {...field} />}
          />
          <FormField
            name="installDate"
            label={t.installDate}
            required
            render={({ field }) => (
              <DatePicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                max={new Date()}
              />
            )}
          />
          <FormField
            name="period"
            label={t.period}
            render={({ field }) => (
              <DateRangePicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <FormField
            name="channel"
            label={t.channel}
            render={({ field }) => (
              <RadioGroup options={t.channelOptions} value={field.value} onValueChange={field.onChange} />
            )}
          />
          <FormField
            name="enabled"
            label={t.enabled}
            render={({ field }) => (
              <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur}>
                {t.enabledLabel}
              </Switch>
            )}
          />
          <FormField
            name="remark"
            label={t.remark}
            className="md:col-span-2"
            render={({ field }) => <Textarea maxLength={200} placeholder={t.remarkPlaceholder} {...field} />}
          />
          <FormField
            name="agree"
            label={t.agree}
            required
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
              >
                {t.agreeLabel}
              </Checkbox>
            )}
          />
        </div>
        <div className="flex gap-2">
          <SubmitButton>{t.submit}</SubmitButton>
          <Button
            onClick={() => {
              form.reset(defaults);
              setSubmitted(null);
            }}
          >
            {t.reset}
          </Button>
        </div>
      </Form>
      {submitted ? (
        <Demo title={t.submitted}>
          <pre className="w-full overflow-auto rounded bg-canvas p-3 text-xs text-ink">{submitted}</pre>
        </Demo>
      ) : null}
      <StandaloneControls />
    </Section>
  );
}

function StandaloneControls() {
  const [date, setDate] = useState<Date | null>(new Date());
  return (
    <Demo title={t.standalone}>
      <div className="grid w-full grid-cols-1 gap-4 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Checkbox checked="indeterminate">{t.indeterminate}</Checkbox>
          <Checkbox defaultChecked>{t.checked}</Checkbox>
          <Checkbox disabled>{t.disabledCheckbox}</Checkbox>
          <Checkbox disabled defaultChecked>
            {t.disabledCheckbox}
          </Checkbox>
        </div>
        <Field label={t.vertical}>
          <RadioGroup orientation="vertical" options={t.channelOptions} defaultValue="email" />
        </Field>
        <div className="flex flex-col gap-2">
          <Switch disabled>{t.disabledSwitch}</Switch>
          <Switch disabled defaultChecked>
            {t.disabledSwitch}
          </Switch>
        </div>
        <Field label={t.disabledSelect}>
          <Select options={t.roleOptions} defaultValue="admin" disabled />
        </Field>
        <Field label={t.disabledDate}>
          <DatePicker value={date} onChange={setDate} disabled />
        </Field>
        <Field label={t.installDate}>
          <DatePicker value={date} onChange={setDate} />
        </Field>
      </div>
    </Demo>
  );
}
