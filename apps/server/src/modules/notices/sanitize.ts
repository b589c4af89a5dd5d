/**
 * Notice and message bodies are HTML written by the platform operator. They are sanitised when they
 * are published and stored sanitised, so the console may render them as HTML: basic formatting,
 * lists, tables, images and links survive; scripts, styles, event handlers, frames, forms and links
 * that are not http(s), mailto or tel (spec §5.1 external links) do not.
 */
import { isExternalLink } from '@vap/contracts';
import { FilterXSS, type IWhiteList } from 'xss';

const TEXT: string[] = [];
const allowList: IWhiteList = {
  a: ['href', 'title'],
  b: TEXT,
  blockquote: TEXT,
  br: TEXT,
  code: TEXT,
  del: TEXT,
  em: TEXT,
  h1: TEXT,
  h2: TEXT,
  h3: TEXT,
  h4: TEXT,
  h5: TEXT,
  h6: TEXT,
  hr: TEXT,
  i: TEXT,
  img: ['src', 'alt', 'title', 'width', 'height'],
  li: TEXT,
  ol: TEXT,
  p: TEXT,
  pre: TEXT,
  s: TEXT,
  small: TEXT,
  span: TEXT,
  strong: TEXT,
  sub: TEXT,
  sup: TEXT,
  table: TEXT,
  tbody: TEXT,
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  thead: TEXT,
  tr: TEXT,
  u: TEXT,
  ul: TEXT,
};

const filter = new FilterXSS({
  allowList,
  // Tags outside the list disappear, their text stays; script and style lose their content too.
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea'],
  allowCommentTag: false,
  // No style attribute is allowed at all, so no CSS reaches the console.
  css: false,
  // Links and images keep only safe addresses (checked on the raw value: an encoded scheme fails
  // too); everything that passes still goes through xss's own attribute escaping.
  onTagAttr(_tag, name, value) {
    if (name === 'href' && !isExternalLink(value.trim().toLowerCase())) return '';
    if (name === 'src' && !/^https?:/i.test(value.trim())) return '';
    return undefined;
  },
});

/** The HTML with only what a notice may contain; links open in a new tab without an opener. */
export function sanitizeHtml(html: string): string {
  // After filtering, `<a ` can only start a real tag: text `<` is escaped to `&lt;`.
  return filter.process(html).replaceAll('<a ', '<a target="_blank" rel="noopener noreferrer" ').trim();
}
