import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callKey,
  type DetectionAnswer,
  LAB_IMAGE_EXTENSIONS,
  LAB_IMAGE_MAX_BYTES,
  LAB_IMAGE_MAX_SIDE,
  LAB_PRESETS,
  LAB_QUESTION_MAX_LENGTH,
  type LabImage,
  type LabPreset,
  LVLM_LAB_CALLS,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  Card,
  checkFile,
  Field,
  loadImageSize,
  RadioGroup,
  Spinner,
  Textarea,
  useFileCheckMessage,
} from '@vap/ui';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { DetectionView } from './detection-view.js';

/** What the picker accepts (spec §5.6: PNG, JPG, JPEG), by extension and by type. */
const ACCEPT = [...LAB_IMAGE_EXTENSIONS.map((extension) => `.${extension}`), 'image/png', 'image/jpeg'];
/** Detect's choice: one of the presets, or the question typed. */
type Choice = LabPreset | 'question';
/** A detection can take a model a while: longer than the console's 10 s for a call. */
const DETECT_TIMEOUT_MS = 120_000;

/** The image chosen and shown: its object URL and size; `uploaded` once the server keeps it. */
interface Chosen {
  name: string;
  url: string;
  width: number;
  height: number;
  uploaded: LabImage | null;
}

/**
 * The detection lab (page algmall_detect_lab, spec §2.3; issue 31): choose an image — checked here
 * first (spec §5.6 type, 2M, 5000×5000, with the §8 messages) and then uploaded, for a role with the
 * page's `upload` button —, choose a detection or type a question, and Detect (button `detect`): the
 * boxes are drawn over the image with their labels, listed, and the model's answer shown. Today's
 * trials left are read when the page opens and updated by each detection.
 */
export default function DetectLabPage() {
  const t = useT('lvlm-lab');
  const lab = useClient(LVLM_LAB_CALLS);
  const queryClient = useQueryClient();
  const mayUpload = usePermission('upload');
  const mayDetect = usePermission('detect');
  const fileMessage = useFileCheckMessage();
  const input = useRef<HTMLInputElement>(null);
  const questionId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [choice, setChoice] = useState<Choice>('person');
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<DetectionAnswer | null>(null);
  const [detectError, setDetectError] = useState<string | null>(null);

  const trials = useQuery({
    queryKey: callKey(LVLM_LAB_CALLS.trials),
    queryFn: ({ signal }) => lab.trials(undefined, { signal, quiet: true }),
  });

  // The object URL of the image shown is released when another is chosen or the page closes (not
  // when the same image is marked uploaded: its URL is still drawn).
  const shownUrl = chosen?.url;
  useEffect(
    () => () => {
      if (shownUrl) URL.revokeObjectURL(shownUrl);
    },
    [shownUrl],
  );

  async function choose(file: File) {
    setImageError(null);
    setAnswer(null);
    setDetectError(null);
    const failure = await checkFile(file, {
      accept: ACCEPT,
      maxBytes: LAB_IMAGE_MAX_BYTES,
      maxWidth: LAB_IMAGE_MAX_SIDE,
      maxHeight: LAB_IMAGE_MAX_SIDE,
    });
    if (failure) {
      setImageError(fileMessage(failure));
      return;
    }
    let size: { width: number; height: number };
    try {
      size = await loadImageSize(file);
    } catch {
      setImageError(fileMessage({ code: 'imageLoad', params: {} }));
      return;
    }
    const shown: Chosen = { name: file.name, url: URL.createObjectURL(file), ...size, uploaded: null };
    setChosen(shown);
    setUploading(true);
    try {
      const form = new FormData();
      form.set('file', file, file.name);
      // Multipart: the call declares no body schema, and fetch encodes the form itself.
      const uploaded = await lab.upload({ body: form as never }, { quiet: true });
      setChosen((current) => (current === shown ? { ...shown, uploaded } : current));
    } catch (error) {
      setImageError((error as Error).message);
    } finally {
      setUploading(false);
    }
  }

  const trimmed = question.trim();
  const questionInvalid = choice === 'question' && trimmed.length > LAB_QUESTION_MAX_LENGTH;
  const ready =
    chosen?.uploaded != null && !busy && (choice !== 'question' || (trimmed.length > 0 && !questionInvalid));

  async function detect() {
    const image = chosen?.uploaded;
    if (!image) return;
    setBusy(true);
    setDetectError(null);
    try {
      const body =
        choice === 'question'
          ? { image_id: image.id, question: trimmed }
          : { image_id: image.id, preset: choice };
      const result = await lab.detect({ body }, { quiet: true, timeoutMs: DETECT_TIMEOUT_MS });
      setAnswer(result);
      queryClient.setQueryData(callKey(LVLM_LAB_CALLS.trials), result.trials);
    } catch (error) {
      setAnswer(null);
      setDetectError(t('result.failed', { message: (error as Error).message }));
      // A refusal may say the day's trials are used up: read them again.
      void trials.refetch();
    } finally {
      setBusy(false);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file && mayUpload && !uploading) void choose(file);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-medium text-ink">{t('title')}</h1>
          <p className="text-sm text-ink-soft">{t('description')}</p>
        </div>
        <p className="text-sm text-ink-soft" aria-live="polite">
          {trials.isPending
            ? t('trialsLoading')
            : trials.isError
              ? t('trialsFailed', { message: trials.error.message })
              : t('trials', { remaining: trials.data.remaining, limit: trials.data.limit })}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title={t('image.legend')}>
          <div className="flex flex-col gap-3">
            {mayUpload ? (
              // biome-ignore lint/a11y/noStaticElementInteractions: the drop target beside the picker button, which keyboards use
              <div
                className="flex flex-wrap items-center gap-3 rounded border border-dashed border-line p-4"
                onDragOver={(event) => event.preventDefault()}
                onDrop={onDrop}
              >
                <Button onClick={() => input.current?.click()} disabled={uploading}>
                  {t('image.pick')}
                </Button>
                <span className="text-sm text-ink-soft">{t('image.drop')}</span>
                <span className="text-xs text-ink-soft">{t('image.rules')}</span>
                <input
                  ref={input}
                  type="file"
                  accept={ACCEPT.join(',')}
                  className="sr-only"
                  tabIndex={-1}
                  aria-label={t('image.pick')}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void choose(file);
                  }}
                />
              </div>
            ) : (
              <p className="text-sm text-ink-soft">{t('image.noUpload')}</p>
            )}
            {imageError ? (
              <p role="alert" className="text-sm text-danger">
                {imageError}
              </p>
            ) : null}
            {uploading ? (
              <p className="flex items-center gap-2 text-sm text-ink-soft" role="status">
                <Spinner /> {t('image.uploading')}
              </p>
            ) : null}
            {chosen ? (
              <DetectionView
                url={chosen.url}
                width={chosen.width}
                height={chosen.height}
                caption={t('image.chosen', { name: chosen.name, width: chosen.width, height: chosen.height })}
                answer={answer}
              />
            ) : null}
          </div>
        </Card>
        <Card title={t('ask.legend')}>
          <div className="flex flex-col gap-3">
            <RadioGroup
              orientation="vertical"
              aria-label={t('ask.legend')}
              value={choice}
              onValueChange={(value) => setChoice(value as Choice)}
              options={[
                ...LAB_PRESETS.map((preset) => ({ value: preset, label: t(`preset.${preset}`) })),
                { value: 'question', label: t('ask.question') },
              ]}
            />
            {choice === 'question' ? (
              <Field
                label={t('ask.questionLabel')}
                error={questionInvalid ? t('errors.question', { max: LAB_QUESTION_MAX_LENGTH }) : undefined}
                hint={t('ask.questionCount', { count: trimmed.length, max: LAB_QUESTION_MAX_LENGTH })}
              >
                <Textarea
                  id={questionId}
                  value={question}
                  rows={3}
                  // A little room past the limit, so that pasting too much shows why rather than cutting it.
                  maxLength={LAB_QUESTION_MAX_LENGTH + 50}
                  placeholder={t('ask.questionPlaceholder')}
                  onChange={(event) => setQuestion(event.target.value)}
                />
              </Field>
            ) : null}
            {mayDetect ? (
              <Button variant="primary" onClick={() => void detect()} disabled={!ready} aria-busy={busy}>
                {busy ? (
                  <>
                    <Spinner /> {t('ask.detecting')}
                  </>
                ) : (
                  t('ask.detect')
                )}
              </Button>
            ) : (
              <p className="text-sm text-ink-soft">{t('ask.noDetect')}</p>
            )}
            {chosen === null && mayDetect ? (
              <p className="text-xs text-ink-soft">{t('errors.chooseImage')}</p>
            ) : null}
            {detectError ? (
              <p role="alert" className="text-sm text-danger">
                {detectError}
              </p>
            ) : null}
          </div>
        </Card>
      </div>
    </div>
  );
}
