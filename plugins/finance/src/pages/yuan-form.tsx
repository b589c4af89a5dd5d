import {
  type FieldPath,
  type FieldValues,
  Form,
  FormField,
  type FormProps,
  Input,
  SubmitButton,
} from '@vap/ui';
import type { ReactNode } from 'react';

/** The strings of a YuanForm: its form's accessible name, and its field's label and hint. */
export interface YuanFormTexts {
  form: string;
  label: string;
  hint: string;
}

interface YuanFormProps<Values extends FieldValues, Output>
  extends Pick<FormProps<Values, Output>, 'form' | 'onSubmit'> {
  /** The field of the amount, typed in yuan (the schema turns it into fen). */
  name: FieldPath<Values>;
  texts: YuanFormTexts;
  /** What its button says. */
  children: ReactNode;
}

/**
 * A form of one amount in yuan and its button, on one row: the recharge's amount and the low-balance
 * threshold are typed alike (a decimal keyboard, no autocomplete, at most 16 characters).
 */
export function YuanForm<Values extends FieldValues, Output>({
  form,
  onSubmit,
  name,
  texts,
  children,
}: YuanFormProps<Values, Output>) {
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={texts.form}
      className="flex-row flex-wrap items-start gap-3"
    >
      <FormField
        name={name}
        label={texts.label}
        required
        hint={texts.hint}
        className="w-72 max-w-full"
        render={({ field }) => <Input {...field} inputMode="decimal" autoComplete="off" maxLength={16} />}
      />
      <SubmitButton className="mt-6">{children}</SubmitButton>
    </Form>
  );
}
