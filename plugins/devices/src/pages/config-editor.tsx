import type { DeviceConfigSection } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Field, Input, Select, Switch } from '@vap/ui';
import { useId } from 'react';
import {
  CONFIG_SECTIONS,
  type ConfigControl,
  type ConfigValues,
  choiceOptions,
  type FieldValue,
  fieldName,
  fieldsOf,
  fieldValue,
  sectionName,
  withField,
} from './config-fields.js';

/** What `Field` gives its control. */
interface FieldWiring {
  id?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

interface ConfigEditorProps extends FieldWiring {
  value: ConfigValues;
  onChange: (value: ConfigValues) => void;
  /**
   * The contract's messages, translated, by path within the configuration: a field's
   * ('image.brightness') or a section's ('network': a fixed address without its gateway).
   */
  problems: ReadonlyMap<string, string>;
}

/**
 * The four sections of a configuration (image, on-screen display, network, storage), every field
 * optional: a field left empty — a blank number or address, no choice, a switch not set — is
 * absent from the value, and the devices keep their own.
 */
export function ConfigEditor({ value, onChange, problems, ...wiring }: ConfigEditorProps) {
  const t = useT('devices');
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" {...wiring}>
      {CONFIG_SECTIONS.map((section) => (
        <fieldset
          key={section}
          className="flex flex-col gap-3 rounded border border-line-soft px-3 pt-1 pb-3"
        >
          <legend className="px-1 text-sm font-medium text-ink">{sectionName(t, section)}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {fieldsOf(section).map(([field, control]) => (
              <ConfigField
                key={field}
                section={section}
                field={field}
                control={control}
                value={fieldValue(value, section, field)}
                onChange={(next) => onChange(withField(value, section, field, next))}
                problem={problems.get(`${section}.${field}`)}
              />
            ))}
          </div>
          {problems.has(section) ? (
            <p role="alert" className="text-xs text-danger">
              {problems.get(section)}
            </p>
          ) : null}
        </fieldset>
      ))}
    </fieldset>
  );
}

interface ConfigFieldProps {
  section: DeviceConfigSection;
  field: string;
  control: ConfigControl;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  problem: string | undefined;
}

function ConfigField({ section, field, control, value, onChange, problem }: ConfigFieldProps) {
  const t = useT('devices');
  const tConsole = useT();
  const name = fieldName(t, section, field);
  return (
    <Field label={name} hint={control.kind === 'number' ? tConsole(control.hint) : undefined} error={problem}>
      <ConfigInput control={control} name={name} value={value} onChange={onChange} />
    </Field>
  );
}

const digits = (text: string) => text.replace(/\D/g, '');

interface ConfigInputProps extends FieldWiring {
  control: ConfigControl;
  /** The field's name, for the button that clears a switch. */
  name: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
}

/** One field's control; an empty one means "not set". */
function ConfigInput({ control, name, value, onChange, ...wiring }: ConfigInputProps) {
  const t = useT('devices');
  const unset = t('config.unset');
  switch (control.kind) {
    case 'number':
      return (
        <Input
          {...wiring}
          inputMode="numeric"
          maxLength={3}
          placeholder={unset}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const typed = digits(event.target.value);
            onChange(typed === '' ? undefined : Number(typed));
          }}
        />
      );
    case 'choice':
      return (
        <Select
          {...wiring}
          options={choiceOptions(t, control.choice)}
          placeholder={unset}
          value={typeof value === 'string' ? value : ''}
          onValueChange={(chosen) => onChange(chosen === '' ? undefined : chosen)}
          clearable
        />
      );
    case 'switch':
      return (
        <OptionalSwitch
          {...wiring}
          name={name}
          value={typeof value === 'boolean' ? value : undefined}
          onChange={onChange}
        />
      );
    case 'address':
      return (
        <Input
          {...wiring}
          inputMode="decimal"
          autoComplete="off"
          maxLength={15}
          placeholder={unset}
          value={typeof value === 'string' ? value : ''}
          // An address holds no space: one typed or pasted is dropped, and nothing left is "not set".
          onChange={(event) => {
            const typed = event.target.value.replace(/\s/g, '');
            onChange(typed === '' ? undefined : typed);
          }}
        />
      );
    case 'text':
      return (
        <Input
          {...wiring}
          autoComplete="off"
          maxLength={control.maxLength}
          placeholder={unset}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : event.target.value)}
        />
      );
  }
}

interface OptionalSwitchProps extends FieldWiring {
  name: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
}

/**
 * A switch with a third state, "not set": the switch turns it on or off, and Clear makes it
 * not set again. The state is said beside it, since a switch not set looks like one turned off.
 */
function OptionalSwitch({ name, value, onChange, ...wiring }: OptionalSwitchProps) {
  const t = useT('devices');
  const stateId = useId();
  let state = t('config.unset');
  if (value !== undefined) state = value ? t('config.on') : t('config.off');
  return (
    <span className="flex h-8 items-center gap-2">
      <Switch
        {...wiring}
        aria-describedby={[stateId, wiring['aria-describedby']].filter(Boolean).join(' ')}
        checked={value === true}
        onCheckedChange={onChange}
      />
      <span id={stateId} className={value === undefined ? 'text-sm text-ink-faint' : 'text-sm text-ink'}>
        {state}
      </span>
      {value === undefined ? null : (
        <Button
          size="small"
          variant="link"
          className="px-1"
          aria-label={t('config.clearNamed', { name })}
          onClick={() => onChange(undefined)}
        >
          {t('config.clear')}
        </Button>
      )}
    </span>
  );
}
