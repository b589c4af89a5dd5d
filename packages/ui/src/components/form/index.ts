// The form components.

// The types a generic form of a page's own names its fields with.
export type { FieldPath, FieldValues } from 'react-hook-form';
export { Calendar, useDateLocale } from './calendar.js';
export { Checkbox, type CheckboxProps } from './checkbox.js';
export { CheckboxList, type CheckboxListOption, type CheckboxListProps } from './checkbox-list.js';
export { DatePicker, type DatePickerProps } from './date-picker.js';
export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangePreset,
  type DateRangeValue,
  lastDays,
  wholeDays,
} from './date-range-picker.js';
export {
  applyFieldErrors,
  Form,
  FormField,
  type FormFieldProps,
  type FormFieldRenderProps,
  type FormProps,
  SubmitButton,
  useFormPending,
  useZodForm,
} from './form.js';
export { FormDialog, type FormDialogProps } from './form-dialog.js';
export { Popover, PopoverAnchor, PopoverClose, PopoverContent, PopoverTrigger } from './popover.js';
export { QuantityField, type QuantityFieldProps } from './quantity-field.js';
export {
  RadioGroup,
  RadioGroupItem,
  type RadioGroupItemProps,
  type RadioGroupProps,
  type RadioOption,
} from './radio-group.js';
export { saveForm, showFieldErrors } from './save-form.js';
export { SearchPicker, type SearchPickerList, type SearchPickerProps } from './search-picker.js';
export { Select, type SelectOption, type SelectProps } from './select.js';
export {
  IdSelectField,
  type IdSelectFieldProps,
  SelectField,
  type SelectFieldProps,
} from './select-field.js';
export { Switch, type SwitchProps } from './switch.js';
export { TextareaField, type TextareaFieldProps, TextField, type TextFieldProps } from './text-field.js';
export { Textarea, type TextareaProps } from './textarea.js';
