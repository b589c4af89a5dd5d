import { cleanup, render, screen } from '@testing-library/react';
import { definePlugin, page, useKernel, useT } from '@vap/kernel';
import { refusal } from '@vap/kernel/testing';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { message } from './components/message.js';
import { useUiT } from './i18n.js';
import { findFigure, renderConsolePage } from './testing.js';

afterEach(() => {
  cleanup();
  // The test files share one module graph: a toast left here would show in the next file's toaster.
  message.clear();
});

/** Shows a word of each shared namespace and what the server answered to `/v1/probe`. */
function Probe() {
  const t = useT();
  const ui = useUiT();
  const { http } = useKernel();
  const [answer, setAnswer] = useState('waiting');
  useEffect(() => {
    http.get<{ name: string }>('/v1/probe').then(
      (body) => setAnswer(body.name),
      () => setAnswer('failed'),
    );
  }, [http]);
  return (
    <>
      <p>{t('app.retry')}</p>
      <p>{t('menu.dashboard')}</p>
      <p>{ui('data.empty')}</p>
      <output>{answer}</output>
    </>
  );
}

const plugin = definePlugin({
  id: 'probe',
  kernel: '^2',
  pages: [page('probe_page', async () => ({ default: Probe }))],
});

describe('@vap/ui/testing renderConsolePage', () => {
  it("renders a page with the console's own strings, the shell's and the design system's", async () => {
    await renderConsolePage(plugin, 'probe_page', { 'GET /v1/probe': { body: { name: 'probe' } } });
    expect(await screen.findByText('Retry')).toBeTruthy();
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('speaks the language it is given', async () => {
    await renderConsolePage(plugin, 'probe_page', {}, { language: 'zh-TW' });
    expect(await screen.findByText('重試')).toBeTruthy();
  });

  it("answers from the options' answers before the page's own", async () => {
    await renderConsolePage(
      plugin,
      'probe_page',
      { 'GET /v1/probe': { body: { name: 'default' } } },
      { answers: { 'GET /v1/probe': { body: { name: 'override' } } } },
    );
    expect(await screen.findByText('override')).toBeTruthy();
  });

  it("shows a failed call's message in the toaster, as the console's shell does", async () => {
    await renderConsolePage(plugin, 'probe_page', {
      'GET /v1/probe': refusal(409, { code: 'taken', message: 'The name is taken' }),
    });
    expect(await screen.findByText('The name is taken')).toBeTruthy();
    // The toast comes from the bus as the call fails; the page draws its failed state a render later.
    expect(await screen.findByText('failed')).toBeTruthy();
  });

  it('renders what the options put beside the page next to the overlays', async () => {
    await renderConsolePage(plugin, 'probe_page', {}, { beside: <aside>beside the page</aside> });
    expect(await screen.findByText('beside the page')).toBeTruthy();
  });
});

describe('@vap/ui/testing findFigure', () => {
  it('reads the number after a label of a <dl>, once it is shown', async () => {
    const { container } = render(
      <dl>
        <dt>Online</dt>
        <dd>42</dd>
        <dt>Offline</dt>
        <dd>18</dd>
      </dl>,
    );
    expect(await findFigure(container, 'Online')).toBe('42');
    expect(await findFigure(container, 'Offline')).toBe('18');
  });
});
