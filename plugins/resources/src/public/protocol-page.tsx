import en from '../documents/protocol.en.md';
import zhCN from '../documents/protocol.zh-CN.md';
import zhTW from '../documents/protocol.zh-TW.md';
import { MarkdownDocument } from './markdown-document.js';

const TEXTS = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The service agreement (spec §2.1 `/protocol`), linked from sign-up. */
export default function ProtocolPage() {
  return <MarkdownDocument texts={TEXTS} />;
}
