import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from './form.js';
import { Select, type SelectProps } from './select.js';
import { type OwnFieldProps, partProps } from './text-field.js';

export type IdSelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = OwnFieldProps<
  Values,
  Name
> &
  Omit<SelectProps, 'ref' | 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'onBlur' | 'className'> & {
    /** What no choice is in the form's values (a `clearable` select emptied): undefined unless null. */
    none?: null;
  };

/**
 * A form field choosing one record by its id: `FormField` around a `Select` whose options' values
 * are the ids as text, the form's value the id as a number (no id shows the placeholder); the other
 * props (options, placeholder, clearable, disabled, …) are the select's.
 */
export function IdSelectField<Values extends FieldValues, Name extends FieldPath<Values>>({
  none,
  ...props
}: IdSelectFieldProps<Values, Name>) {
  const [own, select] = partProps(props);
  return (
    <FormField
      {...own}
      render={({ field }) => (
        <Select
          ref={field.ref}
          name={field.name}
          value={field.value ? String(field.value) : ''}
          onValueChange={(value) => field.onChange(value === '' ? none : Number(value))}
          onBlur={field.onBlur}
          {...select}
        />
      )}
    />
  );
}
