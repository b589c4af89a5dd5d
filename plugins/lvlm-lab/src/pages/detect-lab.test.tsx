import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DetectBody, type DetectionAnswer, LVLM_LAB_PATHS } from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions, refusal } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

const TRIALS = `GET ${LVLM_LAB_PATHS.trials}`;
const UPLOAD = `POST ${LVLM_LAB_PATHS.images}`;
const DETECT = `POST ${LVLM_LAB_PATHS.detections}`;

const IMAGE = {
  id: '11111111-1111-4111-8111-111111111111',
  width: 800,
  height: 400,
  expires_at: '2026-11-29T03:00:00.000Z',
};
const ANSWER: DetectionAnswer = {
  detections: [
    { label: 'person', box: { x: 0.1, y: 0.2, w: 0.25, h: 0.5 } },
    { label: '', box: { x: 0.5, y: 0.5, w: 0.5, h: 0.5 } },
  ],
  text: '[{"label": "person", "box": [100, 200, 350, 700]}]',
  trials: { limit: 20, remaining: 17 },
};

/** createImageBitmap answering a size per file name (800×400 unless said); 'broken' names fail to decode. */
function stubImageSizes(sizes: Record<string, [number, number]> = {}) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => {
      if (file.name.includes('broken')) throw new DOMException('bad image', 'InvalidStateError');
      const [width, height] = sizes[file.name] ?? [800, 400];
      return { width, height, close: () => {} };
    }),
  );
}

const fileOf = (name: string, type: string, size = 16) => {
  const file = new File([new Uint8Array(16)], name, { type });
  if (size !== 16) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The object URLs the page released. */
const revoked: string[] = [];

beforeEach(() => {
  stubImageSizes({ 'huge.png': [5001, 100] });
  revoked.length = 0;
  let made = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => `blob:image-${++made}`,
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
});
const answers = (more: Answers = {}): Answers => ({
  [TRIALS]: { body: { limit: 20, remaining: 18 } },
  [UPLOAD]: { status: 201, body: IMAGE },
  [DETECT]: { body: ANSWER },
  ...more,
});

const renderLab = (more: Answers = {}, options: RenderPageOptions = {}) =>
  renderConsolePage(plugin, 'algmall_detect_lab', answers(more), options);

const pick = async (file: File) =>
  userEvent.upload(await screen.findByLabelText(en.image.pick, { selector: 'input' }), file);

describe('the detection lab (page algmall_detect_lab)', () => {
  it("shows today's trials left, then uploads a chosen image and shows it", async () => {
    const {
      api: { calls },
    } = await renderLab();
    expect(await screen.findByText('Trials left today: 18 of 20')).toBeTruthy();
    await pick(fileOf('street.png', 'image/png'));
    await waitFor(() => expect(callsTo(calls, 'POST', LVLM_LAB_PATHS.images)).toHaveLength(1));
    const shown = await screen.findByRole('img', { name: en.image.alt });
    expect(screen.getByText('street.png, 800×400')).toBeTruthy();
    // Uploaded, the image drawn keeps its URL; choosing another releases it.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(revoked).toEqual([]);
    const first = shown.getAttribute('src');
    await pick(fileOf('other.png', 'image/png'));
    await waitFor(() => expect(revoked).toEqual([first]));
  });

  it('checks type, 2M and 5000×5000 before uploading, with the §8 messages', async () => {
    const {
      api: { calls },
    } = await renderLab();
    await screen.findByText('Trials left today: 18 of 20');
    await userEvent.upload(
      screen.getByLabelText(en.image.pick, { selector: 'input' }),
      fileOf('a.gif', 'image/gif'),
      {
        applyAccept: false,
      },
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/PNG/);
    await pick(fileOf('big.png', 'image/png', 2 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toMatch(/2M/);
    await pick(fileOf('huge.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/5000x5000/);
    expect(callsTo(calls, 'POST', LVLM_LAB_PATHS.images)).toEqual([]);
  });

  it("shows the server's refusal of an upload", async () => {
    await renderLab({
      [UPLOAD]: refusal(400, {
        code: 'image_resolution_too_large',
        message: 'Resolution too large: at most 5000×5000 pixels',
      }),
    });
    await pick(fileOf('street.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Resolution too large: at most 5000×5000 pixels',
    );
  });

  it('detects a preset and draws the boxes over the image, lists them focusable, and shows the answer and the trials left', async () => {
    const {
      api: { calls },
    } = await renderLab();
    await pick(fileOf('street.png', 'image/png'));
    const detect = screen.getByRole('button', { name: en.ask.detect });
    await waitFor(() => expect(detect).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('radio', { name: en.preset.helmet }));
    await userEvent.click(detect);
    expect(await screen.findByText('2 found')).toBeTruthy();
    expect(callsTo(calls, 'POST', LVLM_LAB_PATHS.detections)[0]?.body).toEqual({
      image_id: IMAGE.id,
      preset: 'helmet',
    } satisfies DetectBody);
    const boxes = screen.getByTestId('boxes');
    expect(boxes.getAttribute('viewBox')).toBe('0 0 800 400');
    const rects = boxes.querySelectorAll('rect');
    expect([...rects].map((rect) => ['x', 'y', 'width', 'height'].map((a) => rect.getAttribute(a)))).toEqual([
      ['80', '80', '200', '200'],
      ['400', '200', '400', '200'],
    ]);
    expect([...boxes.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      'person',
      '(no label)',
    ]);
    const list = screen.getByRole('list', { name: en.result.list });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'person at 10%, 20% (25% × 50%)',
      '(no label) at 50%, 50% (50% × 50%)',
    ]);
    await userEvent.tab();
    items[0]?.focus();
    await waitFor(() => expect(boxes.querySelector('g[data-marked]')).toBe(boxes.querySelector('g')));
    expect(screen.getByText(ANSWER.text)).toBeTruthy();
    expect(screen.getByText('Trials left today: 17 of 20')).toBeTruthy();
  });

  it('asks a question typed in words, bounded to 200 characters', async () => {
    const {
      api: { calls },
    } = await renderLab();
    await pick(fileOf('street.png', 'image/png'));
    await userEvent.click(screen.getByRole('radio', { name: en.ask.question }));
    const detect = screen.getByRole('button', { name: en.ask.detect });
    // No question yet.
    await waitFor(() => expect(callsTo(calls, 'POST', LVLM_LAB_PATHS.images)).toHaveLength(1));
    expect(detect).toHaveProperty('disabled', true);
    const question = screen.getByRole('textbox', { name: en.ask.questionLabel });
    await userEvent.click(question);
    await userEvent.paste('x'.repeat(201));
    expect(await screen.findByText('Type a question of at most 200 characters')).toBeTruthy();
    expect(detect).toHaveProperty('disabled', true);
    await userEvent.clear(question);
    await userEvent.type(question, 'red cars');
    await userEvent.click(detect);
    await screen.findByText('2 found');
    expect(callsTo(calls, 'POST', LVLM_LAB_PATHS.detections)[0]?.body).toEqual({
      image_id: IMAGE.id,
      question: 'red cars',
    });
  });

  it('shows "today\'s trial count used up" when the server refuses the detection', async () => {
    await renderLab({
      [DETECT]: refusal(429, { code: 'trial_used_up', message: "Today's trial count is used up" }),
    });
    await pick(fileOf('street.png', 'image/png'));
    const detect = screen.getByRole('button', { name: en.ask.detect });
    await waitFor(() => expect(detect).toHaveProperty('disabled', false));
    await userEvent.click(detect);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The detection failed: Today's trial count is used up",
    );
  });

  it('hides the picker from a role without upload and Detect from one without detect', async () => {
    await renderLab({}, { roleId: 5, buttons: ['detect'] });
    expect(await screen.findByText(en.image.noUpload)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.ask.detect })).toBeTruthy();
    cleanup();
    await renderLab({}, { roleId: 5, buttons: ['upload'] });
    expect(await screen.findByText(en.ask.noDetect)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.image.pick })).toBeTruthy();
  });

  it('shows why the trials could not be read', async () => {
    await renderLab({ [TRIALS]: refusal(500, { code: 'internal', message: 'Server error' }) });
    expect(await screen.findByText("Today's trials could not be read: Server error")).toBeTruthy();
  });
});

describe('the lab plugin', () => {
  it('is active only for a company whose product flag lvlm_lab is 0', () => {
    expect(plugin.activation?.({ products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 } } as never)).toBe(
      true,
    );
    expect(plugin.activation?.({ products: { cbs: 0, lvlm_lab: 1, rsrc_mgt: 0, voip: 0 } } as never)).toBe(
      false,
    );
  });
});
