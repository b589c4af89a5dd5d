import { useQuery } from '@tanstack/react-query';
import { AUTH_CALLS, type PuzzleCaptcha } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { QueryProvider } from '@vap/kernel/query';
import { Alert, Button, cn, Spinner } from '@vap/ui';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';

/** Width of the puzzle picture the server draws (px); the slider moves the piece 1:1. */
export const PUZZLE_WIDTH = 310;
const PUZZLE_HEIGHT = 160;
const HANDLE = 40;

export interface SolvedCaptcha {
  captcha_id: string;
  captcha_x: number;
}

/** What the owner says about an answer: solved, wrong (a new puzzle comes), or another failure. */
export type CaptchaVerdict = 'solved' | 'wrong' | 'done';

export interface SliderCaptchaProps {
  /** Sends the answer (e.g. with the SMS code request) and tells how it went. */
  onAnswer: (answer: SolvedCaptcha) => Promise<CaptchaVerdict>;
}

/** Where the user is with the puzzle on screen; loading and failing are the query's. */
type Phase = 'ready' | 'checking' | 'solved';

/**
 * The slider puzzle captcha (spec §5.2): drag the piece — with the mouse, a finger, or the arrow
 * keys and Enter — until it fills the hole. A wrong answer shows the failure and loads a new
 * puzzle; each puzzle is answered once.
 */
export function SliderCaptcha(props: SliderCaptchaProps) {
  // Public pages have no query client of their own (the sign-in page loads none): the captcha,
  // which only they and the forms behind their tabs show, brings the kernel's.
  return (
    <QueryProvider>
      <Puzzle {...props} />
    </QueryProvider>
  );
}

function Puzzle({ onAnswer }: SliderCaptchaProps) {
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  // Each captcha on screen has a puzzle of its own, fetched fresh and never kept: it is answered once.
  const key = useId();
  const query = useQuery({
    queryKey: ['account', 'puzzle-captcha', key],
    queryFn: ({ signal }) => auth.puzzleCaptcha({}, { quiet: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const puzzle: PuzzleCaptcha | null = query.data ?? null;
  const [phase, setPhase] = useState<Phase>('ready');
  const state = query.isFetching ? 'loading' : query.isError ? 'error' : phase;
  const [wrongBefore, setWrongBefore] = useState(false);
  const [x, setX] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number; startOffset: number } | null>(null);
  const max = PUZZLE_WIDTH - (puzzle?.width ?? HANDLE);

  const load = async () => {
    setX(0);
    setPhase('ready');
    await query.refetch();
  };

  const answer = async (offset: number) => {
    if (!puzzle || state !== 'ready') return;
    setPhase('checking');
    const verdict = await onAnswer({ captcha_id: puzzle.id, captcha_x: Math.round(offset) });
    if (verdict === 'solved') {
      setPhase('solved');
      return;
    }
    if (verdict === 'wrong') {
      setWrongBefore(true);
      await load();
      return;
    }
    setPhase('ready');
  };

  const clamp = (value: number) => Math.max(0, Math.min(max, value));

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (state !== 'ready') return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startOffset: x };
    setWrongBefore(false);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setX(clamp(current.startOffset + event.clientX - current.startX));
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const offset = clamp(current.startOffset + event.clientX - current.startX);
    setX(offset);
    if (offset > 0) void answer(offset);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (state !== 'ready') return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: x + step,
      ArrowUp: x + step,
      ArrowLeft: x - step,
      ArrowDown: x - step,
      Home: 0,
      End: max,
    };
    if (event.key in moves) {
      event.preventDefault();
      setWrongBefore(false);
      setX(clamp(moves[event.key] ?? x));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void answer(x);
    }
  };

  const status =
    state === 'solved'
      ? t('captcha.solved')
      : state === 'checking'
        ? t('captcha.checking')
        : wrongBefore
          ? t('captcha.wrong')
          : t('captcha.hint');

  return (
    <div className="flex flex-col gap-3" data-testid="slider-captcha">
      <div
        className="relative overflow-hidden rounded bg-canvas"
        style={{ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT }}
      >
        {puzzle && state !== 'error' ? (
          <>
            <img
              src={puzzle.background}
              alt={t('captcha.picture')}
              width={PUZZLE_WIDTH}
              height={PUZZLE_HEIGHT}
            />
            <img
              src={puzzle.piece}
              alt=""
              aria-hidden="true"
              className="absolute drop-shadow"
              style={{ left: x, top: puzzle.y, width: puzzle.width, height: puzzle.height }}
            />
          </>
        ) : null}
        {state === 'loading' ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner />
          </div>
        ) : null}
      </div>
      <div
        className={cn(
          'relative h-10 rounded border text-center text-sm leading-10 select-none',
          state === 'solved'
            ? 'border-success bg-success-soft text-success'
            : wrongBefore
              ? 'border-danger bg-danger-soft text-danger'
              : 'border-line bg-canvas text-ink-soft',
        )}
        style={{ width: PUZZLE_WIDTH }}
      >
        <span aria-live="polite">{status}</span>
        <button
          type="button"
          role="slider"
          aria-label={t('captcha.slider')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          aria-disabled={state !== 'ready'}
          data-testid="captcha-handle"
          className={cn(
            'absolute top-0 h-full cursor-grab touch-none rounded border border-line bg-surface shadow-sm',
            'focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing',
          )}
          style={{ left: x, width: puzzle?.width ?? HANDLE }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
      {state === 'error' ? <Alert tone="error">{query.error?.message}</Alert> : null}
      <Button
        type="button"
        variant="link"
        size="small"
        className="self-start px-0"
        onClick={() => void load()}
      >
        {t('captcha.refresh')}
      </Button>
    </div>
  );
}
