import type { FieldPath, FieldValues } from 'react-hook-form';
import { Input, type InputProps } from '../input.js';
import { FormField, type FormFieldProps } from './form.js';
import { Textarea, type TextareaProps } from './textarea.js';

/** A field's own props: its `FormField`'s but the control it renders. */
export type OwnFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  FormFieldProps<Values, Name>,
  'render'
>;

/** The props of a text control the field binds itself (its value, changes, name, id, …). */
type BoundProps =
  | 'ref'
  | 'id'
  | 'name'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'required'
  | 'className';

export type TextFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = OwnFieldProps<
  Values,
  Name
> &
  Omit<InputProps, BoundProps>;

export type TextareaFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = OwnFieldProps<
  Values,
  Name
> &
  Omit<TextareaProps, BoundProps>;

/** Parts a field's props: those of its `FormField`, and the rest, its control's. */
export function partProps<Values extends FieldValues, Name extends FieldPath<Values>, Control>({
  name,
  label,
  required,
  hint,
  className,
  control,
  ...rest
}: OwnFieldProps<Values, Name> & Control): [OwnFieldProps<Values, Name>, typeof rest] {
  return [{ name, label, required, hint, className, control }, rest];
}

/**
 * A form field of one line of text: `FormField` around an `Input` bound to the form's value (an
 * absent value shows empty); the other props (placeholder, maxLength, autoComplete, disabled, …)
 * are the input's.
 */
export function TextField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: TextFieldProps<Values, Name>,
) {
  const [own, input] = partProps(props);
  return (
    <FormField {...own} render={({ field }) => <Input {...field} value={field.value ?? ''} {...input} />} />
  );
}

/**
 * A form field of several lines of text: `FormField` around a `Textarea` bound to the form's value
 * (an absent value shows empty); the other props (maxLength with its count, rows, disabled, …) are
 * the textarea's.
 */
export function TextareaField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: TextareaFieldProps<Values, Name>,
) {
  const [own, textarea] = partProps(props);
  return (
    <FormField
      {...own}
      render={({ field }) => <Textarea {...field} value={field.value ?? ''} {...textarea} />}
    />
  );
}
