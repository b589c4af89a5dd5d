import {
  CONFIG_TEMPLATE_NAME_MAX_LENGTH,
  type ConfigTemplate,
  type ConfigTemplateBody,
  configTemplateBodySchema,
  FIRMWARE_MODEL_MAX_LENGTH,
  TASK_CALLS,
} from '@vap/contracts';
import { ApiError, type TranslateOf, useClient, useT } from '@vap/kernel';
import { applyFieldErrors, FormDialog, FormField, Input, message, useZodForm } from '@vap/ui';
import { ConfigEditor } from './config-editor.js';
import { type ConfigValues, editableConfig } from './config-fields.js';

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

/**
 * The contract's messages about a configuration, translated, by path within it ('image.brightness',
 * 'network'), the first for each. Every one of them, where the form's own errors keep one per
 * branch: a bad address and a fixed address without its gateway are both said.
 */
function configProblems(tConsole: TranslateOf, config: ConfigValues): ReadonlyMap<string, string> {
  const issues = configTemplateBodySchema.shape.config.safeParse(config).error?.issues ?? [];
  const problems = new Map<string, string>();
  for (const { path, message: key } of issues) {
    const at = path.join('.');
    // The configuration as a whole (nothing set) is said under it by the form.
    if (at !== '' && !problems.has(at)) problems.set(at, tConsole(key, { defaultValue: key }));
  }
  return problems;
}

interface TemplateFormDialogProps {
  /** The template to change; a new one when null. */
  template: ConfigTemplate | null;
  onClose: () => void;
  onSaved: (template: ConfigTemplate) => void;
}

/**
 * Creates or changes a configuration template (spec §1 configuration): its name, the model it is
 * for ('' for every model) and what it sets, section by section — each field optional, checked
 * with the contract's schema and its messages.
 */
export function TemplateFormDialog({ template, onClose, onSaved }: TemplateFormDialogProps) {
  const t = useT('devices');
  const tConsole = useT();
  const tasks = useClient(TASK_CALLS);
  const form = useZodForm(configTemplateBodySchema, {
    defaultValues: {
      name: template?.name ?? '',
      model: template?.model ?? '',
      config: template ? editableConfig(template.config) : {},
    },
  });
  // The fields' messages show once a save was tried, then follow what is typed.
  const tried = form.formState.submitCount > 0;

  const submit = async (body: ConfigTemplateBody) => {
    let saved: ConfigTemplate;
    try {
      saved = template
        ? await tasks.updateConfigTemplate({ params: { id: template.id }, body })
        : await tasks.createConfigTemplate({ body });
    } catch (error) {
      // Field messages go under the fields; the console shows the server's message.
      if (error instanceof ApiError) {
        applyFieldErrors(form, error.fields);
        // Said under the name as well: that is the field to change.
        if (error.code === 'template_name_taken') {
          form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        }
      }
      return;
    }
    message.success(t(template ? 'templates.saved' : 'templates.created', { name: saved.name }));
    onSaved(saved);
  };

  return (
    <FormDialog
      form={form}
      title={template ? t('templates.editTitle', { name: template.name }) : t('templates.addTitle')}
      size="large"
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="name"
          label={t('templates.name')}
          required
          render={({ field }) => (
            <Input {...field} autoComplete="off" maxLength={CONFIG_TEMPLATE_NAME_MAX_LENGTH} />
          )}
        />
        <FormField
          name="model"
          label={t('device.model')}
          hint={t('templates.modelHint')}
          render={({ field }) => (
            <Input
              {...field}
              value={field.value ?? ''}
              autoComplete="off"
              maxLength={FIRMWARE_MODEL_MAX_LENGTH}
              placeholder={t('templates.everyModel')}
            />
          )}
        />
      </div>
      <FormField
        name="config"
        label={t('templates.settings')}
        hint={t('templates.settingsHint')}
        render={({ field }) => (
          <ConfigEditor
            value={field.value}
            onChange={field.onChange}
            problems={tried ? configProblems(tConsole, field.value) : NO_PROBLEMS}
          />
        )}
      />
    </FormDialog>
  );
}
