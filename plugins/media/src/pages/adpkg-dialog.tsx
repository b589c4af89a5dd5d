import {
  ADPKG_CALLS,
  ADPKG_MAX_ITEMS,
  ADPKG_VIDEO_MAX_BYTES,
  type Adpkg,
  type AdpkgItemForm,
  adpkgFieldsSchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  Button,
  Field,
  FormField,
  formatFileSize,
  Input,
  TextField,
  Upload,
  type UploadItem,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';
import { moved } from './adpkg-design-rules.js';
import { adpkgObjectName, objectOf, uploadPending, useObjectUpload } from './part-upload.js';
import { type PublishedEditorProps, PublishedFormDialog } from './published-dialog.js';
import { MoveButtons, useDragReorder } from './reorder.js';
import { ShareInput } from './share-input.js';

/** An item being edited: its uploaded file (or the one it had), its resource name and display time. */
interface DraftItem {
  key: number;
  file?: string;
  /** What the item had when the package was opened. */
  kept?: Adpkg['items'][number];
  uploads: UploadItem<string>[];
  resource_name: string;
  seconds: number;
}

let keys = 0;

const draftOf = (item?: Adpkg['items'][number]): DraftItem => ({
  key: ++keys,
  ...(item ? { file: item.file, kept: item } : {}),
  uploads: [],
  resource_name: item?.resource_name ?? '',
  seconds: item?.seconds ?? 10,
});

/** The file an item has now. */
const fileOf = (item: DraftItem) => objectOf(item.uploads, item.file);

interface AdpkgDialogProps extends PublishedEditorProps<Adpkg> {
  /** The package to edit; a new one when absent. */
  pkg?: Adpkg;
}

/**
 * Adds or edits an ad package (the page's `add` and `edit` buttons): its name, the top half's share
 * of the screen (a slider with its number, 30–80%), and 1 to 10 items in their order (dragged, or
 * moved with the up and down buttons), each a file sent in parts as
 * soon as it is chosen — an image with its display time, or a video — with its resource name. The
 * server reads each file on saving (an image's size, a video's movie: 'file content incorrect').
 */
export function AdpkgDialog({ pkg, onClose, onSaved }: AdpkgDialogProps) {
  const t = useT('media');
  const adpkg = useClient(ADPKG_CALLS);
  const upload = useObjectUpload(adpkgObjectName, adpkg.fileToken);
  const form = useZodForm(adpkgFieldsSchema, {
    defaultValues: { name: pkg?.name ?? '', top_share: pkg?.top_share ?? 50 },
  });
  const [items, setItems] = useState<DraftItem[]>(() => (pkg ? pkg.items.map(draftOf) : [draftOf()]));
  const busy = items.some((item) => uploadPending(item.uploads));
  const missing =
    form.formState.submitCount > 0 && !busy && items.some((item) => !fileOf(item))
      ? t('adpkg.form.fileRequired')
      : '';
  const move = (from: number, to: number) => setItems((now) => moved(now, from, to));
  const { dragged, entryProps } = useDragReorder(move);
  const change = (key: number, patch: Partial<DraftItem>) =>
    setItems((now) => now.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const bodyOf = (fields: { name: string; top_share: number }) => {
    if (busy || items.some((item) => !fileOf(item))) return undefined;
    return {
      ...fields,
      items: items.map((item): AdpkgItemForm => {
        const file = fileOf(item) ?? '';
        return file.endsWith('.mp4')
          ? { type: 'video', file, resource_name: item.resource_name }
          : { type: 'image', file, resource_name: item.resource_name, seconds: item.seconds };
      }),
    };
  };

  return (
    <PublishedFormDialog
      words="adpkg"
      form={form}
      editing={pkg}
      bodyOf={bodyOf}
      create={(body) => adpkg.create({ body })}
      update={(id, body) => adpkg.update({ params: { id }, body })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField name="name" label={t('adpkg.name')} required placeholder={t('adpkg.form.namePlaceholder')} />
      <FormField
        name="top_share"
        label={t('adpkg.form.topShare')}
        required
        render={({ field }) => <ShareInput value={field.value} onChange={field.onChange} />}
      />
      <Field label={t('adpkg.form.items')} required hint={t('adpkg.form.itemsHint')} error={missing}>
        <div>
          <ol className="flex flex-col gap-3">
            {items.map((item, index) => {
              const file = fileOf(item);
              const video = file?.endsWith('.mp4') ?? false;
              return (
                <li
                  key={item.key}
                  aria-label={t('adpkg.form.item', { index: index + 1 })}
                  className={`rounded border p-3 ${dragged === index ? 'opacity-50' : ''}`}
                  {...entryProps(index)}
                >
                  <div className="flex flex-col gap-2">
                    <Upload<string>
                      upload={upload}
                      rules={{
                        accept: ['.jpg', '.jpeg', '.png', '.mp4', 'image/jpeg', 'image/png', 'video/mp4'],
                        maxBytes: ADPKG_VIDEO_MAX_BYTES,
                      }}
                      onChange={(uploads) => change(item.key, { uploads })}
                      label={
                        item.kept && item.uploads.length === 0
                          ? t('adpkg.form.current', {
                              type: t(item.kept.type === 'video' ? 'adpkg.form.video' : 'adpkg.form.image'),
                              size: formatFileSize(item.kept.size),
                            })
                          : t('adpkg.form.choose')
                      }
                    />
                    <Input
                      aria-label={t('adpkg.form.resourceName')}
                      placeholder={t('adpkg.form.resourceNameHint')}
                      value={item.resource_name}
                      maxLength={32}
                      onChange={(event) => change(item.key, { resource_name: event.target.value })}
                    />
                    {video ? null : (
                      <Input
                        type="number"
                        aria-label={t('adpkg.form.seconds')}
                        min={1}
                        max={3600}
                        value={String(item.seconds)}
                        onChange={(event) => change(item.key, { seconds: Number(event.target.value) })}
                        className="w-32"
                      />
                    )}
                    {items.length > 1 ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <MoveButtons index={index} count={items.length} move={move} />
                        <Button
                          size="small"
                          onClick={() => setItems((now) => now.filter((other) => other.key !== item.key))}
                        >
                          {t('adpkg.form.removeItem', { index: index + 1 })}
                        </Button>
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {items.length < ADPKG_MAX_ITEMS ? (
            <Button className="mt-2" onClick={() => setItems((now) => [...now, draftOf()])}>
              {t('adpkg.form.addItem')}
            </Button>
          ) : null}
        </div>
      </Field>
    </PublishedFormDialog>
  );
}
