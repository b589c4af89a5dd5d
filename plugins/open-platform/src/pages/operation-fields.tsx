import { useT } from '@vap/kernel';
import { Field, Input, Select, Textarea } from '@vap/ui';
import type { FieldError, FieldValue, FormField, FormValues, OperationForm } from '../operation-form.js';

interface OperationFieldsProps {
  form: OperationForm;
  values: FormValues;
  errors: Record<string, FieldError>;
  onChange: (key: string, value: FieldValue) => void;
}

/** The form of an operation: its parameters, then its body, one control per field. */
export function OperationFields({ form, values, errors, onChange }: OperationFieldsProps) {
  const t = useT('open-platform');
  const parameters = form.fields.filter((field) => field.in !== 'body');
  const body = form.fields.filter((field) => field.in === 'body');
  if (form.fields.length === 0) return <p className="text-sm text-ink-soft">{t('request.noParameters')}</p>;
  const group = (title: string, fields: FormField[]) =>
    fields.length === 0 ? null : (
      <fieldset className="flex flex-col gap-3 rounded border border-line-soft p-3">
        <legend className="px-1 text-sm font-medium text-ink">{title}</legend>
        {fields.map((field) => (
          <OperationField
            key={field.key}
            field={field}
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(value) => onChange(field.key, value)}
          />
        ))}
      </fieldset>
    );
  return (
    <>
      {group(t('request.parameters'), parameters)}
      {group(t('request.body'), body)}
    </>
  );
}

interface OperationFieldProps {
  field: FormField;
  value: FieldValue;
  error: FieldError | undefined;
  onChange: (value: FieldValue) => void;
}

function OperationField({ field, value, error, onChange }: OperationFieldProps) {
  const t = useT('open-platform');
  const shared = useT();
  // The console's own words where it has them.
  const errorText = (code: FieldError) =>
    code === 'required'
      ? shared('validation.required')
      : code === 'tooLarge'
        ? shared('validation.objectSize')
        : t(`field.${code}`);
  const label = (
    <>
      {field.name === '' ? t('field.wholeBody') : <code className="font-mono">{field.name}</code>}
      {/* Where it travels, in OpenAPI's words (`in: query`), as api.json and the docs say it. */}
      {field.name === '' ? null : <span className="ml-2 font-mono text-xs text-ink-faint">{field.in}</span>}
    </>
  );
  const text = typeof value === 'string' ? value : '';
  const control = () => {
    switch (field.kind) {
      case 'enum':
      case 'boolean':
        return (
          <Select
            value={typeof value === 'boolean' ? String(value) : text}
            clearable={!field.required}
            onValueChange={(next) => onChange(next === '' ? undefined : next)}
            options={
              field.kind === 'enum'
                ? field.options.map((option) => ({ value: option, label: option }))
                : // JSON's own words, the same in every language.
                  [
                    { value: 'true', label: 'true' },
                    { value: 'false', label: 'false' },
                  ]
            }
          />
        );
      case 'json':
        return (
          <Textarea
            value={text}
            rows={field.name === '' ? 8 : 3}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder={field.example}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'file':
        return (
          <input
            type="file"
            aria-label={t('field.file', { name: field.name || t('request.body') })}
            className="text-sm text-ink file:mr-3 file:rounded file:border file:border-line file:bg-surface file:px-3 file:py-1 file:text-ink"
            onChange={(event) => onChange(event.target.files?.[0])}
          />
        );
      default:
        return (
          <Input
            value={text}
            inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined}
            placeholder={field.example}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        );
    }
  };
  const hint =
    field.kind === 'file' && value instanceof Blob
      ? t('field.fileChosen', { name: value instanceof File ? value.name : '', size: value.size })
      : field.description || undefined;
  return (
    <Field label={label} required={field.required} error={error ? errorText(error) : undefined} hint={hint}>
      {control()}
    </Field>
  );
}
