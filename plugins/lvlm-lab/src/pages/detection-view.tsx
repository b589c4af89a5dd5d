import type { DetectionAnswer } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { cn } from '@vap/ui';
import { useState } from 'react';

/** A fraction of the image as a percentage with at most one decimal. */
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10);

/**
 * The image with the answer's boxes drawn over it (an SVG in the image's own pixels, so boxes and
 * labels scale with it), the list of detections — each focusable; focus or hover marks its box —
 * and the model's text.
 */
export function DetectionView({
  url,
  width,
  height,
  caption,
  answer,
}: {
  url: string;
  width: number;
  height: number;
  caption: string;
  answer: DetectionAnswer | null;
}) {
  const t = useT('lvlm-lab');
  const [marked, setMarked] = useState<number | null>(null);
  const detections = answer?.detections ?? [];
  // Lines and letters in proportion to the image, whatever its size.
  const stroke = Math.max(2, Math.round(Math.max(width, height) / 300));
  const font = Math.max(12, Math.round(Math.max(width, height) / 40));
  const labelOf = (label: string) => label || t('result.unlabelled');
  return (
    <div className="flex flex-col gap-3">
      <figure className="flex flex-col gap-1">
        <div className="relative w-full max-w-full self-start overflow-hidden rounded border border-line-soft bg-canvas">
          <img
            src={url}
            alt={t('image.alt')}
            width={width}
            height={height}
            className="block h-auto max-w-full"
          />
          {detections.length > 0 ? (
            <svg
              className="pointer-events-none absolute inset-0 h-full w-full"
              viewBox={`0 0 ${width} ${height}`}
              preserveAspectRatio="none"
              aria-hidden="true"
              data-testid="boxes"
            >
              {detections.map((detection, index) => {
                const x = detection.box.x * width;
                const y = detection.box.y * height;
                const on = marked === index;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the answer's order is the detections' identity
                  <g key={index} data-marked={on || undefined}>
                    <rect
                      x={x}
                      y={y}
                      width={detection.box.w * width}
                      height={detection.box.h * height}
                      fill={on ? 'rgba(24, 144, 255, 0.2)' : 'none'}
                      stroke={on ? '#fa541c' : '#1890ff'}
                      strokeWidth={on ? stroke * 2 : stroke}
                    />
                    <text
                      x={x + stroke}
                      y={Math.max(font, y - stroke)}
                      fontSize={font}
                      fill="#fff"
                      stroke="#000"
                      strokeWidth={font / 12}
                      paintOrder="stroke"
                    >
                      {labelOf(detection.label)}
                    </text>
                  </g>
                );
              })}
            </svg>
          ) : null}
        </div>
        <figcaption className="text-xs text-ink-soft">{caption}</figcaption>
      </figure>
      {answer ? (
        <section className="flex flex-col gap-2" aria-label={t('result.title')}>
          <h2 className="text-base font-medium text-ink" aria-live="polite">
            {detections.length === 0 ? t('result.none') : t('result.found', { count: detections.length })}
          </h2>
          {detections.length > 0 ? (
            <ol aria-label={t('result.list')} className="flex flex-col gap-1">
              {detections.map((detection, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's order is the detections' identity
                <li key={index}>
                  <button
                    type="button"
                    className={cn(
                      'w-full rounded px-2 py-1 text-left text-sm hover:bg-canvas focus-visible:outline-2 focus-visible:outline-primary',
                      marked === index && 'bg-canvas font-medium',
                    )}
                    aria-pressed={marked === index}
                    onFocus={() => setMarked(index)}
                    onBlur={() => setMarked(null)}
                    onMouseEnter={() => setMarked(index)}
                    onMouseLeave={() => setMarked(null)}
                    onClick={() => setMarked(index)}
                  >
                    {t('result.item', {
                      label: labelOf(detection.label),
                      x: percent(detection.box.x),
                      y: percent(detection.box.y),
                      w: percent(detection.box.w),
                      h: percent(detection.box.h),
                    })}
                  </button>
                </li>
              ))}
            </ol>
          ) : null}
          <h3 className="text-sm font-medium text-ink">{t('result.text')}</h3>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-canvas p-2 text-xs">
            {answer.text}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
