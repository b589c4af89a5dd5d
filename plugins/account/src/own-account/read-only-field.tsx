import { Input } from '@vap/ui';

/** A value a dialog shows but does not change (the company's name, the phone): its label over a disabled input. */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <Input id={id} value={value} readOnly disabled />
    </div>
  );
}
