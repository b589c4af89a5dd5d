import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from './form.js';
import { Select, type SelectProps } from './select.js';
import { type OwnFieldProps, partProps } from './text-field.js';

type SelectRest = Omit<
  SelectProps,
  'ref' | 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'onBlur' | 'className'
>;

export type SelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = OwnFieldProps<
  Values,
  Name
> &
  SelectRest;

export type IdSelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = SelectFieldProps<
  Values,
  Name
> & {
  /** What no choice is in the form's values (a `clearable` select emptied): undefined unless null. */
  none?: null;
};

/**
 * `FormField` around a `Select` bound to the form's value, which `text` shows as an option's value
 * and `fromText` takes back from the chosen one.
 */
function BoundSelect<Values extends FieldValues, Name extends FieldPath<Values>>({
  text,
  fromText,
  ...props
}: SelectFieldProps<Values, Name> & {
  text: (value: unknown) => string;
  fromText: (chosen: string) => unknown;
}) {
  const [own, select] = partProps(props);
  return (
    <FormField
      {...own}
      render={({ field }) => (
        <Select
          ref={field.ref}
          name={field.name}
          value={text(field.value)}
          onValueChange={(chosen) => field.onChange(fromText(chosen))}
          onBlur={field.onBlur}
          {...select}
        />
      )}
    />
  );
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const same = (chosen: string) => chosen;

/**
 * A form field choosing one of a few texts (a category, a strategy): `FormField` around a `Select`
 * bound to the form's value; the other props (options, placeholder, disabled, …) are the select's.
 */
export function SelectField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: SelectFieldProps<Values, Name>,
) {
  return <BoundSelect {...props} text={asText} fromText={same} />;
}

const idText = (value: unknown) => (value ? String(value) : '');

/**
 * A form field choosing one record by its id: a `SelectField` whose options' values are the ids as
 * text, the form's value the id as a number (no id shows the placeholder).
 */
export function IdSelectField<Values extends FieldValues, Name extends FieldPath<Values>>({
  none,
  ...props
}: IdSelectFieldProps<Values, Name>) {
  return (
    <BoundSelect {...props} text={idText} fromText={(chosen) => (chosen === '' ? none : Number(chosen))} />
  );
}
