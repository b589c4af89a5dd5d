import '@vap/ui/test-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRS_PATHS, type TrialAnswer } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { renderPrsPage } from '../test-support.js';

// The browser's decoder of the chosen image's size (jsdom has none): a 640×480 photo.
globalThis.createImageBitmap = (async () => ({ width: 640, height: 480, close() {} })) as never;

const COUNT = `GET ${PRS_PATHS.trial}`;
const TRIAL = `POST ${PRS_PATHS.trial}`;
const read: TrialAnswer = {
  plate: {
    number: '沪A12345',
    type: 'new_energy_small',
    color: 'green',
    confidence: 0.93,
    box: [
      [10, 20],
      [60, 20],
      [60, 40],
      [10, 40],
    ],
  },
  left: 4,
  max: 5,
};
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'car.png', { type: 'image/png' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('the trial page (spec §2.3 prs_trial)', () => {
  it('shows the trials left, sends the chosen image as base64 and shows the plate read with its box', async () => {
    const { api } = await renderPrsPage('prs_trial', {
      [COUNT]: { body: { left: 5, max: 5 } },
      [TRIAL]: { body: read },
    });
    expect(await screen.findByText('Trials left today: 5 of 5')).toBeTruthy();
    await userEvent.upload(fileInput(), png());
    await userEvent.click(await screen.findByRole('button', { name: en.trial.run }));
    expect(await screen.findByText('沪A12345')).toBeTruthy();
    expect(screen.getByText('Small new-energy vehicle')).toBeTruthy();
    expect(screen.getByText('Green')).toBeTruthy();
    expect(screen.getByText('93%')).toBeTruthy();
    expect(screen.getByText('Trials left today: 4 of 5')).toBeTruthy();
    expect(screen.getByTestId('plate-box').getAttribute('points')).toBe('10,20 60,20 60,40 10,40');
    const [sent] = callsTo(api.calls, 'POST', PRS_PATHS.trial);
    expect(sent?.body).toEqual({ image: btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 1, 2, 3)) });
  });

  it("says today's trial count is used up, and offers no run", async () => {
    await renderPrsPage('prs_trial', { [COUNT]: { body: { left: 0, max: 5 } } });
    expect(await screen.findByText(en.trial.usedUp)).toBeTruthy();
    await userEvent.upload(fileInput(), png());
    expect((screen.getByRole('button', { name: en.trial.run }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file that is no PNG or JPG, over 2 MB or over 5000×5000, without asking the server', async () => {
    const { api } = await renderPrsPage('prs_trial', { [COUNT]: { body: { left: 5, max: 5 } } });
    await screen.findByText('Trials left today: 5 of 5');
    await userEvent.upload(fileInput(), new File(['x'], 'car.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(en.trial.wrongType)).toBeTruthy();
    await userEvent.upload(
      fileInput(),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(en.trial.tooLarge)).toBeTruthy();
    const decode = globalThis.createImageBitmap;
    globalThis.createImageBitmap = (async () => ({ width: 5001, height: 480, close() {} })) as never;
    try {
      await userEvent.upload(fileInput(), png());
      expect(await screen.findByText(en.trial.tooBig)).toBeTruthy();
    } finally {
      globalThis.createImageBitmap = decode;
    }
    expect(callsTo(api.calls, 'POST', PRS_PATHS.trial)).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    await renderPrsPage('prs_trial', {
      [COUNT]: { body: { left: 1, max: 5 } },
      [TRIAL]: refusal(429, { code: 'trial_used_up', message: "Today's trial count is used up" }),
    });
    await screen.findByText('Trials left today: 1 of 5');
    await userEvent.upload(fileInput(), png());
    await userEvent.click(await screen.findByRole('button', { name: en.trial.run }));
    expect(await screen.findByText("Today's trial count is used up")).toBeTruthy();
  });

  it('offers the trial button only to a role with it', async () => {
    await renderPrsPage('prs_trial', { [COUNT]: { body: { left: 1, max: 5 } } }, { roleId: 4, buttons: [] });
    await screen.findByText('Trials left today: 1 of 5');
    await waitFor(() => expect(screen.queryByRole('button', { name: en.trial.run })).toBeNull());
  });
});
