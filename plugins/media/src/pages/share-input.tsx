import { ADPKG_TOP_SHARE_MAX, ADPKG_TOP_SHARE_MIN } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Input } from '@vap/ui';
import { useEffect, useState } from 'react';
import { clampShare } from './adpkg-design-rules.js';

interface ShareInputProps {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * The top half's share of the screen (spec §5.6, 30–80%): a slider with its number beside it. A
 * number typed within the bounds applies at once; one outside them is brought within on leaving
 * the field or pressing Enter.
 */
export function ShareInput({ value, onChange, disabled = false }: ShareInputProps) {
  const t = useT('media');
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const next = clampShare(Number(text), value);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className="flex items-center gap-3">
      <input
        type="range"
        aria-label={t('adpkg.form.topShare')}
        min={ADPKG_TOP_SHARE_MIN}
        max={ADPKG_TOP_SHARE_MAX}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-40"
      />
      <Input
        type="number"
        aria-label={t('adpkg.form.topShareNumber')}
        min={ADPKG_TOP_SHARE_MIN}
        max={ADPKG_TOP_SHARE_MAX}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          const typed = Number(event.target.value);
          if (event.target.value !== '' && clampShare(typed, Number.NaN) === typed) onChange(typed);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        className="w-20"
      />
      <span className="text-sm text-ink-soft">%</span>
    </div>
  );
}
