import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
/**
 * The component gallery (issue: "a gallery page (development only) shows them all"): every
 * @vap/ui component in its main states on one page. Routed at /gallery only in development
 * (see router.tsx); a production build contains none of this folder.
 */
import { type ControlSize, RadioGroup, SizeProvider } from '@vap/ui';
import { useState } from 'react';
import { ButtonsSection } from './buttons-section.js';
import { ChartsSection } from './charts-section.js';
import { DisplaySection } from './display-section.js';
import { FormSection } from './form-section.js';
import { SECTIONS, text } from './gallery-text.js';
import { InputsSection } from './inputs-section.js';
import { OverlaysSection } from './overlays-section.js';
import { TableSection } from './table-section.js';
import { TreeSection } from './tree-section.js';
import { UploadSection } from './upload-section.js';

const sizeOptions = [
  { value: 'medium', label: text.sizeMedium },
  { value: 'small', label: text.sizeSmall },
];

/** The gallery outside the signed-in shell: its tables load through a query client of their own. */
export default function GalleryPage() {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Gallery />
    </QueryClientProvider>
  );
}

function Gallery() {
  const [size, setSize] = useState<ControlSize>('medium');
  return (
    <div className="flex h-full">
      <nav
        aria-label={text.sectionsNav}
        className="hidden w-52 shrink-0 flex-col gap-1 overflow-y-auto border-r border-line-soft bg-surface p-4 md:flex"
      >
        <p className="mb-2 px-2 text-xs font-medium tracking-wide text-ink-faint uppercase">
          {text.sectionsNav}
        </p>
        <ul className="flex flex-col gap-0.5">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="block rounded px-2 py-1.5 text-sm text-ink hover:bg-primary-soft hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-xl font-medium text-ink">{text.title}</h1>
              <p className="mt-1 text-sm text-ink-soft">{text.subtitle}</p>
            </div>
            <div className="flex items-center gap-3 text-sm text-ink-soft">
              <span id="gallery-size">{text.controlSize}</span>
              <RadioGroup
                aria-labelledby="gallery-size"
                options={sizeOptions}
                value={size}
                onValueChange={(value) => setSize(value === 'small' ? 'small' : 'medium')}
              />
            </div>
          </header>
          <SizeProvider size={size}>
            <ButtonsSection />
            <InputsSection />
            <FormSection />
            <OverlaysSection />
            <DisplaySection />
            <TableSection />
            <TreeSection />
            <UploadSection />
            <ChartsSection />
          </SizeProvider>
        </div>
      </main>
    </div>
  );
}
