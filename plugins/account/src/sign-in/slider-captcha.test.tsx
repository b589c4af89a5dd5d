import './test-support.js';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_PATHS } from '@vap/contracts';
import { refusal, renderWithKernel } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import accountPlugin from '../index.js';
import en from '../locales/en.json';
import { type CaptchaVerdict, SliderCaptcha } from './slider-captcha.js';
import { consoleMessages, fakePuzzle } from './test-support.js';

async function renderSlider(verdicts: CaptchaVerdict[]) {
  const onAnswer = vi.fn(async () => verdicts.shift() ?? 'solved');
  const view = await renderWithKernel(<SliderCaptcha onAnswer={onAnswer} />, {
    plugins: [accountPlugin],
    messages: consoleMessages,
    answers: { [`POST ${AUTH_PATHS.puzzleCaptcha}`]: () => ({ body: fakePuzzle() }) },
  });
  const slider = await screen.findByRole('slider', { name: en.captcha.slider });
  await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'));
  return { ...view, onAnswer, slider };
}

const puzzleCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === AUTH_PATHS.puzzleCaptcha);

describe('SliderCaptcha (spec §5.2)', () => {
  it('shows the server picture and moves the piece with the arrow keys; Enter answers the offset', async () => {
    const { onAnswer, slider } = await renderSlider(['solved']);
    expect(screen.getByRole('img', { name: en.captcha.picture })).toBeTruthy();
    expect(screen.getByText(en.captcha.hint)).toBeTruthy();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}{ArrowLeft}');
    expect(slider.getAttribute('aria-valuenow')).toBe('12');
    expect(slider.getAttribute('aria-valuemax')).toBe('260');
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledWith({ captcha_id: expect.any(String), captcha_x: 12 });
    expect(await screen.findByText(en.captcha.solved)).toBeTruthy();
  });

  it('keeps the piece inside the picture: Home, End and no step below 0', async () => {
    const { slider } = await renderSlider([]);
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    await userEvent.keyboard('{End}');
    expect(slider.getAttribute('aria-valuenow')).toBe('260');
    await userEvent.keyboard('{ArrowRight}');
    expect(slider.getAttribute('aria-valuenow')).toBe('260');
    await userEvent.keyboard('{Home}');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it('answers the dragged distance when the pointer (mouse or finger) is released', async () => {
    const { onAnswer, slider } = await renderSlider(['solved']);
    fireEvent.pointerDown(slider, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 150 });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 187 });
    fireEvent.pointerUp(slider, { pointerId: 1, clientX: 187 });
    await waitFor(() =>
      expect(onAnswer).toHaveBeenCalledWith({ captcha_id: expect.any(String), captcha_x: 87 }),
    );
  });

  it('after a wrong answer shows the failure and loads a new puzzle, back at the start', async () => {
    const { onAnswer, slider, api } = await renderSlider(['wrong', 'solved']);
    slider.focus();
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}{Enter}');
    expect(await screen.findByText(en.captcha.wrong)).toBeTruthy();
    await waitFor(() => expect(puzzleCalls(api.calls)).toHaveLength(2));
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'));
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(2));
    const [first, second] = onAnswer.mock.calls.map(
      (call) => (call as unknown[])[0] as { captcha_id: string },
    );
    expect(first).toMatchObject({ captcha_x: 20 });
    // The second answer is for the new puzzle, from the start of the track.
    expect(second).toMatchObject({ captcha_x: 1 });
    expect(second?.captcha_id).not.toBe(first?.captcha_id);
  });

  it('shows why a puzzle cannot be loaded, and loads one on "New puzzle"', async () => {
    let refuse = true;
    await renderWithKernel(<SliderCaptcha onAnswer={async () => 'solved'} />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      answers: {
        [`POST ${AUTH_PATHS.puzzleCaptcha}`]: () =>
          refuse
            ? refusal(429, { code: 'too_many_requests', message: 'Too many captchas requested' })
            : { body: fakePuzzle() },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many captchas requested');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: en.captcha.refresh }));
    expect(await screen.findByRole('img', { name: en.captcha.picture })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
