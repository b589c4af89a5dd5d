import { ApiError } from '@vap/kernel';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyFieldErrors } from './form.js';

type FieldErrorTarget<Values extends FieldValues> = Pick<
  UseFormReturn<Values, unknown, unknown>,
  'setError' | 'control'
>;

/**
 * What a form does with a refused save: a refusal of the server (`ApiError`) has its field messages
 * put under the matching fields; its message the console has shown already.
 */
export function showFieldErrors<Values extends FieldValues>(
  form: FieldErrorTarget<Values>,
  error: unknown,
): void {
  if (error instanceof ApiError) applyFieldErrors(form, error.fields);
}

/**
 * Saves a form: runs `save`, then `onSaved` with its answer. A refused save shows the server's
 * field messages (`showFieldErrors`) and keeps the form as typed; `onSaved` does not run.
 */
export async function saveForm<Values extends FieldValues, Saved>(
  form: FieldErrorTarget<Values>,
  save: () => Promise<Saved>,
  onSaved: (saved: Saved) => void,
): Promise<void> {
  let saved: Saved;
  try {
    saved = await save();
  } catch (error) {
    showFieldErrors(form, error);
    return;
  }
  onSaved(saved);
}
