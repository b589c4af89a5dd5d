import { LANGUAGES, type Language } from '@vap/contracts';
import { useKernel, useLanguage, useT } from '@vap/kernel';
import { Button, Drawer, LANGUAGE_NAMES, Switch } from '@vap/ui';
import { Check } from 'lucide-react';
import { useId } from 'react';
import {
  isThemeColour,
  resetSettings,
  type ShellSettings,
  THEME_PRESETS,
  updateSettings,
  useSettings,
} from './settings.js';

type Flag = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'showSettings';
const FLAGS: readonly Flag[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'showSettings'];

/** The layout settings of spec §9 in a drawer: they apply at once and survive a reload. */
export function SettingsPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const kernel = useKernel();
  const language = useLanguage();
  const settings = useSettings();
  const customId = useId();
  const sizeId = useId();
  const languageId = useId();
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.title')}
      width={300}
      footer={<Button onClick={resetSettings}>{t('settings.reset')}</Button>}
    >
      <section className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium">{t('settings.theme')}</legend>
          <div className="flex flex-wrap gap-2">
            {THEME_PRESETS.map((colour) => (
              <button
                key={colour}
                type="button"
                aria-label={t('settings.themePreset', { colour })}
                aria-pressed={settings.theme.toLowerCase() === colour}
                onClick={() => updateSettings({ theme: colour })}
                className="flex h-7 w-7 items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
                style={{ backgroundColor: colour }}
              >
                {settings.theme.toLowerCase() === colour ? (
                  <Check aria-hidden="true" className="h-4 w-4 text-white" />
                ) : null}
              </button>
            ))}
          </div>
          <div className="flex items-center gap-2">
            <input
              id={customId}
              type="color"
              value={settings.theme}
              onChange={(event) =>
                isThemeColour(event.target.value) && updateSettings({ theme: event.target.value })
              }
              className="h-7 w-10 cursor-pointer rounded border border-line bg-surface"
            />
            <label htmlFor={customId}>{t('settings.themeCustom')}</label>
          </div>
        </fieldset>
        <div className="flex flex-col gap-3">
          {FLAGS.map((flag) => (
            <SettingSwitch key={flag} flag={flag} settings={settings} label={t(`settings.${flag}`)} />
          ))}
        </div>
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={sizeId}>{t('settings.size')}</label>
          <select
            id={sizeId}
            value={settings.size}
            onChange={(event) =>
              updateSettings({ size: event.target.value === 'small' ? 'small' : 'medium' })
            }
            className={selectClass}
          >
            <option value="medium">{t('settings.sizeMedium')}</option>
            <option value="small">{t('settings.sizeSmall')}</option>
          </select>
        </div>
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={languageId}>{t('navbar.language')}</label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => void kernel.setLanguage(event.target.value as Language)}
            className={selectClass}
          >
            {LANGUAGES.map((each) => (
              <option key={each} value={each}>
                {LANGUAGE_NAMES[each]}
              </option>
            ))}
          </select>
        </div>
      </section>
    </Drawer>
  );
}

const selectClass =
  'h-8 rounded border border-line bg-surface px-2 text-sm text-ink hover:border-primary focus:border-primary focus:outline-none';

function SettingSwitch({ flag, settings, label }: { flag: Flag; settings: ShellSettings; label: string }) {
  return (
    <div className="flex items-center justify-between">
      <Switch checked={settings[flag]} onCheckedChange={(checked) => updateSettings({ [flag]: checked })}>
        {label}
      </Switch>
    </div>
  );
}
