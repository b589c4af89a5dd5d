import type { ReactNode } from 'react';
import { SECTIONS, type SectionId } from './gallery-text.js';

/** One section of the gallery: an anchor target with its heading. */
export function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-4 rounded-md border border-line-soft bg-surface p-6"
    >
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-medium text-ink">
        {title}
      </h2>
      <div className="flex flex-col gap-6">{children}</div>
    </section>
  );
}

/** A titled group of examples inside a section. */
export function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium text-ink-soft">{title}</h3>
      <div className="flex flex-wrap items-start gap-3">{children}</div>
    </div>
  );
}
