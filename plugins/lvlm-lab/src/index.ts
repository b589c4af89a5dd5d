import { definePlugin, messages, page, whenProductEnabled } from '@vap/kernel';

/**
 * The detection lab of the algorithm mall (spec §1, §2.3 `algmall_detect_lab`; issue 31), on only
 * for a company whose product flag `lvlm_lab` is 0: upload a trial image, choose a detection or ask
 * a question, and see a vision-language model's boxes drawn on it. A lazy chunk: nothing of it loads
 * before the page is opened.
 */
export default definePlugin({
  id: 'lvlm-lab',
  kernel: '^2',
  activation: whenProductEnabled('lvlm_lab'),
  pages: [
    page('algmall_detect_lab', () => import('./pages/detect-lab.js'), { buttons: ['upload', 'detect'] }),
  ],
  messages: [
    messages('lvlm-lab', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
