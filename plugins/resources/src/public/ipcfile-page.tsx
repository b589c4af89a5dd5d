import en from '../documents/ipcfile.en.md';
import zhCN from '../documents/ipcfile.zh-CN.md';
import zhTW from '../documents/ipcfile.zh-TW.md';
import { MarkdownDocument } from './markdown-document.js';

const TEXTS = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The camera quick-start guide (spec §2.1 `/ipcfile`), linked from sign-up. */
export default function IpcfilePage() {
  return <MarkdownDocument texts={TEXTS} />;
}
