import { defineStrings } from './define.js';

/** Strings of the form components (the `ui` namespace, key `form.…`). */
export const form = defineStrings({
  en: {
    characterCount: '{{count}} / {{max}}',
    characterCountLabel: '{{count}} of {{max}} characters',
    selectPlaceholder: 'Select',
    clearSelection: 'Clear selection',
    datePlaceholder: 'Select date',
    rangePlaceholder: 'Start date ~ End date',
    clearDate: 'Clear date',
    calendar: 'Calendar',
    presets: 'Quick ranges',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
  },
  'zh-CN': {
    characterCount: '{{count}} / {{max}}',
    characterCountLabel: '已输入 {{count}} 个字符，最多 {{max}} 个',
    selectPlaceholder: '请选择',
    clearSelection: '清除选择',
    datePlaceholder: '请选择日期',
    rangePlaceholder: '开始日期 ~ 结束日期',
    clearDate: '清除日期',
    calendar: '日历',
    presets: '快捷选择',
    last7Days: '最近 7 天',
    last30Days: '最近 30 天',
  },
  'zh-TW': {
    characterCount: '{{count}} / {{max}}',
    characterCountLabel: '已輸入 {{count}} 個字元，最多 {{max}} 個',
    selectPlaceholder: '請選擇',
    clearSelection: '清除選擇',
    datePlaceholder: '請選擇日期',
    rangePlaceholder: '開始日期 ~ 結束日期',
    clearDate: '清除日期',
    calendar: '日曆',
    presets: '快速選擇',
    last7Days: '最近 7 天',
    last30Days: '最近 30 天',
  },
});
