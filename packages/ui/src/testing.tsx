/**
 * `@vap/ui/testing`: a plugin's page rendered as the console renders it — with the console's
 * strings and the design system's, and the dialog host, the toaster and the server's messages
 * beside it — so that a plugin's tests read the words and overlays a user sees.
 */
import '@vap/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Plugin, useKernel } from '@vap/kernel';
import {
  type Answer,
  type Answers,
  callsTo,
  type FakeApi,
  type RenderPageOptions,
  type RenderPluginOptions,
  renderPluginPage,
  renderWithKernel,
} from '@vap/kernel/testing';
import { consoleLoaders, shellLoaders } from '@vap/locales/loaders';
import { type ReactElement, useEffect } from 'react';
import { message, Toaster } from './components/message.js';
import { DialogHost } from './components/overlay/index.js';
import { uiMessages } from './i18n.js';

export { blobText, type Download, type DownloadCapture, downloadCapture } from './download-capture.js';
export { fakeXhr, type SentRequest, type XhrReply } from './fake-xhr.js';

/** The console's strings and the design system's, as the console passes them to the kernel. */
export const sharedMessages = [
  messages('translation', consoleLoaders),
  { ...messages('shell', shellLoaders), extendsDefault: true },
  uiMessages,
];

/** What the console's shell does with a failed call (apps/console session-alerts): shows its message. */
function ServerMessages() {
  const { bus } = useKernel();
  useEffect(() => {
    const subscription = bus.subscribe('http.error', ({ message: text }) => message.error(text));
    return () => subscription.unsubscribe();
  }, [bus]);
  return null;
}

/** The dialog host, the toaster and the server's messages, as the console renders them. */
export const consoleOverlays = (
  <>
    <DialogHost />
    <Toaster />
    <ServerMessages />
  </>
);

/**
 * Renders page `name` of `plugin` as the console does, answering `answers` unless the options
 * answer otherwise; `options.beside` renders next to the console's overlays.
 */
export function renderConsolePage(
  plugin: Plugin,
  name: string,
  answers: Answers = {},
  options: RenderPageOptions = {},
) {
  return renderPluginPage(plugin, name, {
    messages: sharedMessages,
    ...options,
    beside: (
      <>
        {consoleOverlays}
        {options.beside}
      </>
    ),
    answers: { ...answers, ...options.answers },
  });
}

/** The "more" menu's button of a table row (DataTable shows two actions of a row; the rest fold into it). */
const moreOf = (row: HTMLElement) => row.querySelector<HTMLElement>('button[aria-haspopup="menu"]');

/** A row's action to click: its button, or the item of its "more" menu, which this opens. */
export async function rowAction(row: HTMLElement, name: string): Promise<HTMLElement> {
  const button = within(row).queryByRole('button', { name });
  if (button) return button;
  const more = moreOf(row);
  if (!more) throw new Error(`The row offers no action "${name}" and has no "more" menu`);
  await userEvent.click(more);
  return screen.findByRole('menuitem', { name });
}

/** Every action a row offers, its buttons' and its "more" menu's (opened and closed again). */
export async function rowActionNames(row: HTMLElement): Promise<string[]> {
  const more = moreOf(row);
  const names = within(row)
    .queryAllByRole('button')
    .filter((button) => button !== more)
    .map((button) => button.textContent ?? '');
  if (!more) return names;
  await userEvent.click(more);
  const menu = await screen.findByRole('menu');
  names.push(
    ...within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent ?? ''),
  );
  await userEvent.keyboard('{Escape}');
  return names;
}

/**
 * Picks `option` of the select named `label` in `container` (a dialog, a list's filters, a form;
 * `document.body` for the whole page).
 */
export async function choose(container: HTMLElement, label: string, option: string) {
  await userEvent.click(within(container).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Shows or hides the browser tab, as the browser tells the page: `document.visibilityState`, then its event. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * Clicks the list's Export button while more rows match than one export takes (`max`), and finds
 * what the button says instead of asking the server (`TableExportButton`, spec §8).
 */
export async function exportTooMany(max = 5000): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  return screen.findByText(
    `At most ${max} rows can be exported at once: narrow the time range or the filters`,
  );
}

/** The row of the table named `table` that shows `text`, once it does. */
export async function findRow(table: string, text: string): Promise<HTMLElement> {
  const found = await screen.findByRole('table', { name: table });
  return (await within(found).findByText(text)).closest('tr') as HTMLElement;
}

/** What the figure labelled `label` in `container` shows (its `<dt>`'s `<dd>`), once it is shown. */
export async function findFigure(container: HTMLElement, label: string): Promise<string | null | undefined> {
  return (await within(container).findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
}

export interface DashboardCardUnderTest {
  /** The card, e.g. `<CloudStorageCard />`. */
  card: ReactElement;
  /** The plugin contributing it. */
  plugin: Plugin;
  /** The card's `data-testid`. */
  testId: string;
  /** The path of the summary it asks for (GET). */
  summary: string;
}

/** How a dashboard card is rendered: the user, the language and more answers than its summary's. */
export type CardRenderOptions = Omit<RenderPluginOptions, 'plugins' | 'messages' | 'path'>;

/**
 * A plugin's dashboard card under test: `render` shows it as the dashboard does (at /dashboard, in
 * the console's strings) with its summary answered `answer`; the rest find it, retry it and count
 * the times it asked.
 */
export function dashboardCard({ card, plugin, testId, summary }: DashboardCardUnderTest) {
  const call = `GET ${summary}`;
  const find = () => screen.findByTestId(testId);
  const findAlert = async () => within(await find()).findByRole('alert');
  return {
    render: (answer: Answer, options: CardRenderOptions = {}) =>
      renderWithKernel(card, {
        plugins: [plugin],
        messages: sharedMessages,
        path: '/dashboard',
        ...options,
        answers: { [call]: answer, ...options.answers },
      }),
    /** The card, once shown. */
    find,
    /** The card's alert, once it says its summary could not be loaded. */
    findAlert,
    /** Answers the summary `answer` from now on, and clicks the alert's button `retry`. */
    retry: async (api: FakeApi, answer: Answer, retry: string) => {
      api.answers[call] = answer;
      await userEvent.click(within(await findAlert()).getByRole('button', { name: retry }));
    },
    /** Whether the card is shown a moment after rendering (a card not shown renders nothing at all). */
    shownAfterAMoment: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return screen.queryByTestId(testId) !== null;
    },
    /** The times the card asked for its summary. */
    summaryCalls: (api: FakeApi) => callsTo(api.calls, 'GET', summary),
  };
}
