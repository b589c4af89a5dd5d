import { zodResolver } from '@hookform/resolvers/zod';
import { useT } from '@vap/kernel/i18n';
import type { FormHTMLAttributes, ReactNode } from 'react';
import {
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../cn.js';
import { Button, type ButtonProps } from '../button.js';
import { Field, type FieldProps } from '../field.js';

/**
 * `useForm` validated by a zod schema (from @vap/contracts), typed by it: the fields are the
 * schema's input, `onSubmit` receives its output (after trims and transforms).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options?: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema),
  });
}

export interface FormProps<Values extends FieldValues, Output>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Runs with the validated values; the form is pending until its promise settles. */
  onSubmit: (values: Output) => unknown;
}

/**
 * A `<form noValidate>` bound to a react-hook-form instance: submitting validates, focuses the
 * first invalid field, and calls `onSubmit` only with valid values. Descendants read the pending
 * state with `useFormPending()` or render a `SubmitButton`. An error thrown by `onSubmit` is
 * rethrown (unhandled), so the console's global error handling reports it.
 */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: FormProps<Values, Output>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={cn('flex flex-col gap-4', className)}
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            await onSubmit(values);
          })(event);
        }}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** Whether the surrounding `Form` is running its `onSubmit`. */
export function useFormPending(): boolean {
  return useFormState().isSubmitting;
}

/** The form's primary button: shows a spinner and is disabled while the form submits. */
export function SubmitButton({ variant = 'primary', loading, ...props }: Omit<ButtonProps, 'type'>) {
  const pending = useFormPending();
  return <Button type="submit" variant={variant} loading={pending || loading} {...props} />;
}

export interface FormFieldRenderProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  field: ControllerRenderProps<Values, Name>;
  fieldState: ControllerFieldState;
  invalid: boolean;
}

export interface FormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  name: Name;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The form's control; taken from the surrounding `Form` when omitted. */
  control?: Control<Values>;
  /** One control; `Field` gives it the id, aria-invalid, aria-required and aria-describedby. */
  render: (props: FormFieldRenderProps<Values, Name>) => FieldProps['children'];
}

/**
 * A form field: `Field` (label, asterisk, message) around a react-hook-form controlled control.
 * Messages from zod schemas are locale keys of the console's default namespace and are
 * translated here; messages that are no key (the server's, already translated) pass unchanged.
 */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({
  name,
  label,
  required,
  hint,
  className,
  control,
  render,
}: FormFieldProps<Values, Name>) {
  const t = useT();
  const { field, fieldState } = useController<Values, Name>({ name, control });
  const message = fieldState.error?.message;
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      className={className}
      error={message ? t(message, { defaultValue: message }) : undefined}
    >
      {render({ field, fieldState, invalid: fieldState.invalid })}
    </Field>
  );
}

/**
 * Shows a server's validation answer (`ApiError.fields`: field name → translated message) on
 * the matching mounted fields and focuses the first of them. Returns whether any field matched,
 * so the caller can fall back to a general message otherwise.
 */
export function applyFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError' | 'control'>,
  fields: Readonly<Record<string, string>>,
): boolean {
  const mounted = form.control._names.mount;
  let matched = false;
  for (const [name, message] of Object.entries(fields)) {
    if (!mounted.has(name)) continue;
    form.setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}
