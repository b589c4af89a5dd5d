import { cn } from '../cn.js';

/** A busy indicator; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
