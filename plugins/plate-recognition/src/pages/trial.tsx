import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRS_CALLS, PRS_IMAGE_MAX_BYTES, PRS_IMAGE_MAX_SIDE, type TrialAnswer } from '@vap/contracts';
import { ApiError, useClient, usePermission, useT } from '@vap/kernel';
import { Alert, Button, Card, loadImageSize } from '@vap/ui';
import { type ChangeEvent, useState } from 'react';
import { usePlateWords } from './plate.js';

const TRIAL_COUNT_KEY = ['prs', 'trial-count'];
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

interface Chosen {
  url: string;
  base64: string;
  width: number;
  height: number;
}

/** A chosen file's data URL, its base64 and its size in pixels. */
async function read(file: File): Promise<Chosen> {
  const url = await new Promise<string>((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => done(String(reader.result));
    reader.onerror = () => fail(reader.error);
    reader.readAsDataURL(file);
  });
  const size = await loadImageSize(file).catch(() => ({ width: 0, height: 0 }));
  return { url, base64: url.slice(url.indexOf(',') + 1), ...size };
}

/**
 * The trial (spec §2.3 prs_trial, §5.6, §8): choose a PNG or JPG of at most 2 MB, read its plate
 * with the role's `trial` button, and see the number, type, colour and confidence with the plate's
 * box drawn over the image; the trials left today are shown, and once they are used up the
 * server's "today's trial count used up" says so.
 */
export default function TrialPage() {
  const t = useT('prs');
  const words = usePlateWords();
  const prs = useClient(PRS_CALLS);
  const queryClient = useQueryClient();
  const mayTry = usePermission('trial');
  const count = useQuery({
    queryKey: TRIAL_COUNT_KEY,
    queryFn: ({ signal }) => prs.trialCount({}, { signal }),
  });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [answer, setAnswer] = useState<TrialAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setAnswer(null);
    setProblem(null);
    setChosen(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t('trial.wrongType'));
    if (file.size > PRS_IMAGE_MAX_BYTES) return setProblem(t('trial.tooLarge'));
    const chosen = await read(file);
    if (chosen.width > PRS_IMAGE_MAX_SIDE || chosen.height > PRS_IMAGE_MAX_SIDE)
      return setProblem(t('trial.tooBig'));
    setChosen(chosen);
  };

  const run = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      const read = await prs.trial({ body: { image: chosen.base64 } }, { quiet: true });
      setAnswer(read);
      queryClient.setQueryData(TRIAL_COUNT_KEY, { left: read.left, max: read.max });
    } catch (error) {
      setProblem(error instanceof ApiError || error instanceof Error ? error.message : String(error));
      void queryClient.invalidateQueries({ queryKey: TRIAL_COUNT_KEY });
    } finally {
      setBusy(false);
    }
  };

  const plate = answer?.plate ?? null;
  const usedUp = count.data !== undefined && count.data.left === 0;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('trial.title')}</h1>
      <Card>
        <div className="px-5 py-4">
          <p className="text-sm text-ink-muted">{t('trial.description')}</p>
          {count.data ? (
            <p className="mt-2 text-sm" aria-live="polite">
              {t('trial.left', { left: count.data.left, max: count.data.max })}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className="text-sm">
              <span className="mr-2">{t('trial.choose')}</span>
              <input type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" onChange={choose} />
            </label>
            {mayTry ? (
              <Button variant="primary" onClick={run} disabled={!chosen || busy || usedUp} loading={busy}>
                {t('trial.run')}
              </Button>
            ) : null}
          </div>
          {usedUp && !problem ? (
            <Alert tone="warning" className="mt-3">
              {t('trial.usedUp')}
            </Alert>
          ) : null}
          {problem ? (
            <Alert tone="error" className="mt-3">
              {problem}
            </Alert>
          ) : null}
        </div>
      </Card>
      {chosen ? (
        <Card>
          <div className="px-5 py-4">
            <figure className="relative inline-block max-w-full">
              <img src={chosen.url} alt={t('trial.image')} className="block max-w-full" />
              {plate && chosen.width > 0 ? (
                <svg
                  className="pointer-events-none absolute inset-0 h-full w-full"
                  viewBox={`0 0 ${chosen.width} ${chosen.height}`}
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <polygon
                    data-testid="plate-box"
                    points={plate.box.map(([x, y]) => `${x},${y}`).join(' ')}
                    fill="none"
                    stroke="#ff4d4f"
                    strokeWidth={Math.max(2, chosen.width / 200)}
                  />
                </svg>
              ) : null}
            </figure>
            {answer && !plate ? <p className="mt-3 text-sm">{t('trial.noPlate')}</p> : null}
            {plate ? (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt>{t('trial.number')}</dt>
                <dd className="font-medium">{plate.number}</dd>
                <dt>{t('trial.type')}</dt>
                <dd>{words.type(plate.type)}</dd>
                <dt>{t('trial.color')}</dt>
                <dd>{words.color(plate.color)}</dd>
                <dt>{t('trial.confidence')}</dt>
                <dd>{`${Math.round(plate.confidence * 100)}%`}</dd>
              </dl>
            ) : null}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
