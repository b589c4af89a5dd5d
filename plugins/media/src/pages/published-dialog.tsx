import { useT } from '@vap/kernel';
import { type FieldValues, FormDialog, type FormDialogProps, message, saveForm } from '@vap/ui';
import type { ReactNode } from 'react';
import type { PublishedArea } from './published.js';

/** What the page gives the editor dialog of a published thing. */
export interface PublishedEditorProps<R> {
  onClose: () => void;
  onSaved: (saved: R) => void;
}

interface PublishedFormDialogProps<Values extends FieldValues, Output, R extends { id: number }, Body>
  extends PublishedEditorProps<R> {
  /** Which strings of `media` speak of the things: `hologram` or `adpkg`. */
  words: PublishedArea['words'];
  form: FormDialogProps<Values, Output>['form'];
  /** The thing being edited; a new one when absent. */
  editing: R | undefined;
  /** The request's body of the form's values; absent while it may not be sent (a file missing or on its way). */
  bodyOf: (values: Output) => Body | undefined;
  create: (body: Body) => Promise<R>;
  update: (id: number, body: Body) => Promise<R>;
  children: ReactNode;
}

/**
 * The add and edit dialog of a published thing (issue 32: a hologram scheme, an ad package), titled
 * by whether it edits one: saving creates or updates it, says so, hands the saved thing to the page
 * and closes. A refusal ('file content incorrect') keeps the dialog, with the server's field errors.
 */
export function PublishedFormDialog<Values extends FieldValues, Output, R extends { id: number }, Body>({
  words,
  form,
  editing,
  bodyOf,
  create,
  update,
  onClose,
  onSaved,
  children,
}: PublishedFormDialogProps<Values, Output, R, Body>) {
  const t = useT('media');
  const submit = async (values: Output) => {
    const body = bodyOf(values);
    if (body === undefined) return;
    await saveForm(
      form,
      () => (editing ? update(editing.id, body) : create(body)),
      (saved) => {
        message.success(t(`${words}.saved`));
        onSaved(saved);
        onClose();
      },
    );
  };
  return (
    <FormDialog
      form={form}
      title={t(editing ? `${words}.form.editTitle` : `${words}.form.addTitle`)}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t(`${words}.form.submit`)}
    >
      {children}
    </FormDialog>
  );
}
