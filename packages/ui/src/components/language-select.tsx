import { LANGUAGES, type Language } from '@vap/contracts';
import { useId } from 'react';
import { cn } from '../cn.js';

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
};

export interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (language: Language) => void;
  className?: string;
}

export function LanguageSelect({ label, value, onChange, className }: LanguageSelectProps) {
  const id = useId();
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Language)}
        className="h-8 rounded border border-line bg-surface px-2 text-sm text-ink hover:border-primary focus:border-primary focus:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
