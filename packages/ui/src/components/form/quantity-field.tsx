import { useState } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { Input, type InputProps } from '../input.js';
import { FormField, type FormFieldProps } from './form.js';

/**
 * A quantity typed, as a contract's schema reads it: nothing typed is no number, digits are their
 * number, anything else (a fraction, a sign, letters) is not a number — each refused by the schema
 * with its message rather than silently turned into another quantity.
 */
export function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type QuantityFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  FormFieldProps<Values, Name>,
  'render'
>;

/**
 * A form field of a whole quantity: the text stays as typed while the form's value is
 * `quantityOf` it, so that the form's schema refuses what is no quantity with its own message.
 * The text starts as the form's value (its default quantity).
 */
export function QuantityField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: QuantityFieldProps<Values, Name>,
) {
  return <FormField {...props} render={({ field }) => <QuantityInput field={field} />} />;
}

interface QuantityInputProps extends Omit<InputProps, 'ref' | 'name' | 'value' | 'onChange' | 'onBlur'> {
  /** The controlled field (any form's: only what the input uses of it). */
  field: Pick<ControllerRenderProps, 'ref' | 'name' | 'onChange' | 'onBlur'> & { value: unknown };
}

/** The input, given `Field`'s id and aria attributes; it keeps the text typed. */
function QuantityInput({ field, ...props }: QuantityInputProps) {
  const [text, setText] = useState(() => (field.value == null ? '' : String(field.value)));
  return (
    <Input
      {...props}
      ref={field.ref}
      name={field.name}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(quantityOf(event.target.value));
      }}
      onBlur={field.onBlur}
    />
  );
}
