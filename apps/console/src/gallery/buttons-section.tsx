import { Button, IconButton } from '@vap/ui';
import { Plus, RefreshCw, Settings, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.buttons;
const variants = ['primary', 'default', 'danger', 'ghost', 'link'] as const;
const sizes = ['small', 'medium', 'large'] as const;

export function ButtonsSection() {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = () => {
    setBusy(true);
    timer.current = setTimeout(() => setBusy(false), 2000);
  };

  return (
    <Section id="buttons">
      <Demo title={t.variants}>
        {variants.map((variant) => (
          <Button key={variant} variant={variant}>
            {t[variant]}
          </Button>
        ))}
      </Demo>
      <Demo title={t.sizes}>
        {sizes.map((size) => (
          <Button key={size} variant="primary" size={size}>
            {t[size]}
          </Button>
        ))}
        {sizes.map((size) => (
          <Button key={`default-${size}`} size={size}>
            {t[size]}
          </Button>
        ))}
      </Demo>
      <Demo title={t.states}>
        <Button variant="primary" loading>
          {t.loading}
        </Button>
        <Button loading>{t.loading}</Button>
        <Button variant="primary" disabled>
          {t.disabled}
        </Button>
        <Button disabled>{t.disabled}</Button>
        <Button variant="danger" disabled>
          {t.disabled}
        </Button>
        <Button variant="primary" loading={busy} onClick={run}>
          {t.clickToLoad}
        </Button>
        <Button variant="primary">
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t.withIcon}
        </Button>
        <Button asChild variant="link">
          <a href="#buttons">{t.asChild}</a>
        </Button>
      </Demo>
      <Demo title={t.iconButtons}>
        <IconButton label={t.refresh}>
          <RefreshCw />
        </IconButton>
        <IconButton label={t.settings} variant="default">
          <Settings />
        </IconButton>
        <IconButton label={t.remove} variant="danger" size="small">
          <Trash2 />
        </IconButton>
        <IconButton label={t.disabled} disabled>
          <Settings />
        </IconButton>
      </Demo>
    </Section>
  );
}
