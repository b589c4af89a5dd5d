import type { FieldPath, FieldValues } from 'react-hook-form';
import { Input, type InputProps } from '../input.js';
import { FormField, type FormFieldProps } from './form.js';

export type TextFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  FormFieldProps<Values, Name>,
  'render'
> &
  Omit<
    InputProps,
    'ref' | 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required' | 'className'
  >;

/**
 * A form field of one line of text: `FormField` around an `Input` bound to the form's value (an
 * absent value shows empty); the other props (placeholder, maxLength, autoComplete, disabled, …)
 * are the input's.
 */
export function TextField<Values extends FieldValues, Name extends FieldPath<Values>>({
  name,
  label,
  required,
  hint,
  className,
  control,
  ...input
}: TextFieldProps<Values, Name>) {
  return (
    <FormField
      name={name}
      label={label}
      required={required}
      hint={hint}
      className={className}
      control={control}
      render={({ field }) => <Input {...field} value={field.value ?? ''} {...input} />}
    />
  );
}
