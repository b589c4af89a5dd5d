import { useQuery } from '@tanstack/react-query';
import {
  COMPANY_CALLS,
  COMPANY_NAME_MAX_LENGTH,
  type CompanyDetail,
  companyNameSchema,
  toFullWidthParentheses,
  VERIFY_IMAGE_FIELDS,
  VERIFY_IMAGE_KINDS,
  VERIFY_IMAGE_MAX_BYTES,
  VERIFY_IMAGE_MAX_PX,
  VERIFY_STATUS,
  type VerifyImageField,
} from '@vap/contracts';
import { type TranslationKey, useClient, useKernel, useT } from '@vap/kernel';
import { Button, confirm, Dialog, Field, Input, message, Spinner, Upload, type UploadItem } from '@vap/ui';
import { useEffect, useRef, useState } from 'react';
import { messageOf, uploadObject } from './upload.js';

/** Spec §5.3: jpg, jpeg or png, at most 5 MB and 5000x5000 px. */
export const VERIFY_IMAGE_RULES = {
  accept: ['.jpg', '.jpeg', '.png'],
  maxBytes: VERIFY_IMAGE_MAX_BYTES,
  maxWidth: VERIFY_IMAGE_MAX_PX,
  maxHeight: VERIFY_IMAGE_MAX_PX,
} as const;

type Image = { path: string; url: string } | null;
type Images = Record<VerifyImageField, Image>;

const IMAGE_LABELS: Record<VerifyImageField, TranslationKey<'own-account'>> = {
  business_license: 'verification.license',
  id_human: 'verification.idHuman',
  id_emblem: 'verification.idEmblem',
};
const IMAGE_MISSING: Record<VerifyImageField, TranslationKey<'own-account'>> = {
  business_license: 'verification.pleaseLicense',
  id_human: 'verification.pleaseIdHuman',
  id_emblem: 'verification.pleaseIdEmblem',
};

/** The first failing check of spec §5.3, in order: name, licence, ID front, ID back. */
export function firstMissing(name: string, images: Images): TranslationKey<'own-account'> | null {
  if (!companyNameSchema.safeParse(name).success) return 'verification.pleaseName';
  const field = VERIFY_IMAGE_FIELDS.find((candidate) => !images[candidate]);
  return field ? IMAGE_MISSING[field] : null;
}

function imagesOf(detail: CompanyDetail): Images {
  const image = (field: VerifyImageField): Image =>
    detail[field] ? { path: detail[field], url: detail[`${field}_url`] } : null;
  return {
    business_license: image('business_license'),
    id_human: image('id_human'),
    id_emblem: image('id_emblem'),
  };
}

/**
 * Company verification (spec §4.2, §5.3), for the owner: the company name and three images, each
 * uploaded through the object store's token flow with progress. Editability follows the status:
 * 0 or 3 everything, 2 only what is still empty, 1 nothing and no footer.
 */
export default function VerificationDialog({ onClose }: { onClose: () => void }) {
  const kernel = useKernel();
  const companyCalls = useClient(COMPANY_CALLS);
  const t = useT('own-account');
  const { data: detail, error } = useQuery({
    queryKey: ['account', 'company'],
    queryFn: ({ signal }) => companyCalls.company({}, { quiet: true, signal }),
    // The form edits what it loaded: always the company as it is now.
    staleTime: 0,
  });
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [uploaded, setUploaded] = useState<Partial<Images>>({});
  const [busy, setBusy] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // The name field starts from the stored name; a company that cannot be read closes the dialog.
  const loadedName = detail?.name;
  useEffect(() => {
    if (loadedName !== undefined) setName(loadedName);
  }, [loadedName]);
  useEffect(() => {
    if (!error) return;
    message.error(messageOf(error));
    closeRef.current();
  }, [error]);

  const title = t('verification.title');
  if (!detail) {
    return (
      <Dialog onClose={onClose} title={title} size="large">
        <Spinner />
      </Dialog>
    );
  }

  const status = detail.verify_status;
  const stored = imagesOf(detail);
  const images: Images = {
    business_license:
      uploaded.business_license === undefined ? stored.business_license : uploaded.business_license,
    id_human: uploaded.id_human === undefined ? stored.id_human : uploaded.id_human,
    id_emblem: uploaded.id_emblem === undefined ? stored.id_emblem : uploaded.id_emblem,
  };
  const editable = (current: string) =>
    status === VERIFY_STATUS.notVerified || status === VERIFY_STATUS.failed
      ? true
      : status === VERIFY_STATUS.verified && current === '';
  const nameIssue = companyNameSchema.safeParse(name).error?.issues[0]?.message;
  const ready = !nameIssue && VERIFY_IMAGE_FIELDS.every((field) => images[field]);

  const onImages = (field: VerifyImageField) => (items: UploadItem<{ path: string; url: string }>[]) => {
    const done = items.find((item) => item.status === 'done' && item.result);
    // While a new file uploads (or after it is removed) the image counts as missing.
    setUploaded((current) => ({
      ...current,
      [field]: done?.result ?? (items.length === 0 ? undefined : null),
    }));
  };

  const submit = async () => {
    const missing = firstMissing(name, images);
    if (missing) {
      message.warning(t(missing));
      return;
    }
    const ok = await confirm({
      title: t('verification.confirmTitle'),
      content: t('verification.confirmContent'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await companyCalls.updateCompany(
        {
          body: {
            name: name.trim(),
            business_license: images.business_license?.path,
            id_human: images.id_human?.path,
            id_emblem: images.id_emblem?.path,
          },
        },
        { quiet: true },
      );
      const state = await kernel.session.reload();
      const now = state.user?.company?.verify_status;
      message.success(t(now === VERIFY_STATUS.verified ? 'verification.uploaded' : 'verification.waiting'));
    } catch (error) {
      message.error(`${t('verification.fail')}${messageOf(error)}`);
    }
    onClose();
  };

  return (
    <Dialog
      onClose={onClose}
      title={title}
      description={t(`verification.status${status}`)}
      size="large"
      footer={
        status === VERIFY_STATUS.verifying ? null : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={() => void submit()}>
              {t('common.confirm')}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <Field
          label={t('verification.name')}
          required
          error={touched && nameIssue ? kernel.i18n.t(nameIssue) : undefined}
        >
          <Input
            value={name}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            disabled={!editable(detail.name)}
            onChange={(event) => setName(toFullWidthParentheses(event.target.value))}
            onBlur={() => setTouched(true)}
          />
        </Field>
        <div className="grid gap-4 md:grid-cols-3">
          {VERIFY_IMAGE_FIELDS.map((field) => {
            const label = t(IMAGE_LABELS[field]);
            const current = stored[field];
            return (
              <section key={field} aria-label={label} className="flex flex-col gap-2">
                <span className="text-sm text-ink">
                  <span aria-hidden="true" className="mr-1 text-danger">
                    *
                  </span>
                  {label}
                </span>
                {current ? (
                  <img
                    src={current.url}
                    alt={label}
                    className="h-28 w-full rounded border border-line-soft object-contain"
                  />
                ) : null}
                {editable(detail[field]) ? (
                  <Upload<{ path: string; url: string }>
                    label={t('verification.choose', { name: label })}
                    listType="picture"
                    rules={VERIFY_IMAGE_RULES}
                    onChange={onImages(field)}
                    upload={(file, context) =>
                      uploadObject(
                        kernel.http,
                        kernel.i18n.language,
                        file,
                        VERIFY_IMAGE_KINDS[field],
                        detail.id,
                        context,
                      )
                    }
                  />
                ) : null}
              </section>
            );
          })}
        </div>
      </div>
    </Dialog>
  );
}
