import { READ_STATE } from '@vap/contracts';
import { type TranslateOf, useT } from '@vap/kernel';
import { type Column, Tag } from '@vap/ui';

/** "Unread" / "Read" as a tag. */
export function StateTag({ state }: { state: number }) {
  const t = useT('notices');
  return state === READ_STATE.unread ? (
    <Tag tone="danger">{t('state.unread')}</Tag>
  ) : (
    <Tag>{t('state.read')}</Tag>
  );
}

/**
 * A notice or message body. The server sanitises this HTML when it is published and stores it
 * sanitised (apps/server/src/modules/notices/sanitize.ts: no scripts, styles, event handlers or
 * unsafe links), which is the only reason it may be rendered as HTML here; nothing is sanitised
 * again on the client.
 */
export function HtmlContent({ html }: { html: string }) {
  return (
    <div
      data-testid="notice-content"
      className="flex flex-col gap-2 leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_h2]:text-base [&_h2]:font-medium [&_h3]:font-medium [&_img]:max-w-full [&_td]:border [&_td]:border-line-soft [&_td]:px-2 [&_th]:border [&_th]:border-line-soft [&_th]:px-2"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The read-state and title columns a list of notices or messages shares; the title opens the item. */
export function itemColumns<T extends { state: number; title: string }>(
  t: TranslateOf<'notices'>,
  show: (row: T) => void,
): { state: Column<T>; title: Column<T> } {
  return {
    state: {
      key: 'state',
      title: t('column.state'),
      kind: 'state',
      render: (row) => <StateTag state={row.state} />,
    },
    title: {
      key: 'title',
      title: t('column.title'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (row) => (
        <button
          type="button"
          className={`text-left hover:text-primary hover:underline ${row.state === READ_STATE.unread ? 'font-medium' : ''}`}
          onClick={() => show(row)}
        >
          {row.title}
        </button>
      ),
    },
  };
}
