import { defineStrings } from './define.js';

/** Strings of the chart components (the `ui` namespace, key `chart.…`). */
export const chart = defineStrings({
  en: {
    empty: 'No data',
    loading: 'Loading chart',
    category: 'Category',
    time: 'Time',
  },
  'zh-CN': {
    empty: '暂无数据',
    loading: '图表加载中',
    category: '类别',
    time: '时间',
  },
  'zh-TW': {
    empty: '暫無資料',
    loading: '圖表載入中',
    category: '類別',
    time: '時間',
  },
});
