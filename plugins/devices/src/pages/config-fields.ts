/**
 * The fields of a device configuration (DEVICE_CONFIG_SECTIONS of @vap/contracts) as this console
 * edits and shows them: which control each takes, its name, how its value reads. A template sets
 * some fields only; a field it does not set is absent, and the devices keep their own value.
 */
import {
  type ConfigTemplate,
  type ConfigTemplateBody,
  DEVICE_CONFIG_SECTIONS,
  type DeviceConfigSection,
  OSD_TEXT_MAX_LENGTH,
} from '@vap/contracts';
import type { TranslateOf } from '@vap/kernel';

/** A configuration as the template form edits it: the body's `config`, fields not set absent. */
export type ConfigValues = ConfigTemplateBody['config'];
type SectionValues<S extends DeviceConfigSection> = NonNullable<ConfigValues[S]>;
/** One field's value; `undefined` while not set. */
export type FieldValue = string | number | boolean | undefined;

// The enums' values, from the contracts' schemas: a value added there is offered here (and its
// missing name fails `tsc`).
const CHOICES = {
  day_night: DEVICE_CONFIG_SECTIONS.image.shape.day_night.unwrap().options,
  position: DEVICE_CONFIG_SECTIONS.osd.shape.position.unwrap().options,
  record_mode: DEVICE_CONFIG_SECTIONS.storage.shape.record_mode.unwrap().options,
};
type Choice = keyof typeof CHOICES;
type OptionKey = { [C in Choice]: `${C}.${(typeof CHOICES)[C][number]}` }[Choice];

/**
 * The control of a field. A number's hint is the contract's own message for its range, so that
 * the range is said once.
 */
export type ConfigControl =
  | { kind: 'number'; hint: 'validation.percent' | 'validation.retentionDays' }
  | { kind: 'choice'; choice: Choice }
  | { kind: 'switch' }
  | { kind: 'address' }
  | { kind: 'text'; maxLength: number };

const PERCENT = { kind: 'number', hint: 'validation.percent' } as const;
const SWITCH = { kind: 'switch' } as const;
const ADDRESS = { kind: 'address' } as const;

/** Every field of every section, in the order the form shows them. */
export const CONFIG_FIELDS = {
  image: {
    brightness: PERCENT,
    contrast: PERCENT,
    saturation: PERCENT,
    sharpness: PERCENT,
    day_night: { kind: 'choice', choice: 'day_night' },
    wdr: SWITCH,
  },
  osd: {
    show_time: SWITCH,
    show_name: SWITCH,
    text: { kind: 'text', maxLength: OSD_TEXT_MAX_LENGTH },
    position: { kind: 'choice', choice: 'position' },
  },
  network: { dhcp: SWITCH, ip: ADDRESS, mask: ADDRESS, gateway: ADDRESS, dns: ADDRESS },
  storage: {
    overwrite: SWITCH,
    record_mode: { kind: 'choice', choice: 'record_mode' },
    retention_days: { kind: 'number', hint: 'validation.retentionDays' },
  },
} as const satisfies { [S in DeviceConfigSection]: { [F in keyof SectionValues<S>]-?: ConfigControl } };

type FieldKey = {
  [S in DeviceConfigSection]: `${S}.${keyof (typeof CONFIG_FIELDS)[S] & string}`;
}[DeviceConfigSection];

export const CONFIG_SECTIONS = Object.keys(CONFIG_FIELDS) as DeviceConfigSection[];

/** A section's fields and their controls, in order. */
export const fieldsOf = (section: DeviceConfigSection): [string, ConfigControl][] =>
  Object.entries(CONFIG_FIELDS[section]);

export const sectionName = (t: TranslateOf<'devices'>, section: DeviceConfigSection) =>
  t(`config.section.${section}`);

export const fieldName = (t: TranslateOf<'devices'>, section: DeviceConfigSection, field: string) =>
  t(`config.field.${section}.${field}` as `config.field.${FieldKey}`);

/** The values of a choice and their names. */
export const choiceOptions = (t: TranslateOf<'devices'>, choice: Choice) =>
  CHOICES[choice].map((value) => ({
    value,
    label: t(`config.option.${choice}.${value}` as `config.option.${OptionKey}`),
  }));

/** How a set value reads: on or off, a choice's name, a number or a text as it is. */
function valueText(t: TranslateOf<'devices'>, control: ConfigControl, value: unknown): string {
  if (control.kind === 'switch') return value ? t('config.on') : t('config.off');
  if (control.kind === 'choice') {
    return choiceOptions(t, control.choice).find((option) => option.value === value)?.label ?? String(value);
  }
  return String(value);
}

export function fieldValue(config: ConfigValues, section: DeviceConfigSection, field: string): FieldValue {
  return (config[section] as Record<string, FieldValue> | undefined)?.[field];
}

/**
 * The configuration with one field set, or left out when `value` is undefined — and its section
 * too, once empty.
 */
export function withField(
  config: ConfigValues,
  section: DeviceConfigSection,
  field: string,
  value: FieldValue,
): ConfigValues {
  const fields = Object.entries({ ...config[section], [field]: value }).filter(
    ([, each]) => each !== undefined,
  );
  const others = Object.entries(config).filter(([name]) => name !== section);
  return Object.fromEntries(
    fields.length > 0 ? [...others, [section, Object.fromEntries(fields)]] : others,
  ) as ConfigValues;
}

const fits = (control: ConfigControl, value: unknown): value is FieldValue => {
  if (control.kind === 'switch') return typeof value === 'boolean';
  if (control.kind === 'number') return typeof value === 'number';
  return typeof value === 'string';
};

/** A stored template's configuration as the form edits it: the fields this console knows. */
export function editableConfig(config: ConfigTemplate['config']): ConfigValues {
  let values: ConfigValues = {};
  for (const section of CONFIG_SECTIONS) {
    for (const [field, control] of fieldsOf(section)) {
      const value = config[section]?.[field];
      if (fits(control, value)) values = withField(values, section, field, value);
    }
  }
  return values;
}

/**
 * What a configuration sets, a line per section: "Image: brightness 60, wide dynamic range on".
 * Sections in the form's order; a field this console does not know is not shown.
 */
export function configSummary(t: TranslateOf<'devices'>, config: ConfigTemplate['config']): string[] {
  return CONFIG_SECTIONS.flatMap((section) => {
    const fields = config[section] ?? {};
    const set = fieldsOf(section)
      .filter(([field]) => fields[field] !== undefined)
      .map(([field, control]) =>
        t('config.fieldSet', {
          field: fieldName(t, section, field),
          value: valueText(t, control, fields[field]),
        }),
      );
    return set.length === 0
      ? []
      : [
          t('config.sectionSet', {
            section: sectionName(t, section),
            fields: set.join(t('config.separator')),
          }),
        ];
  });
}
