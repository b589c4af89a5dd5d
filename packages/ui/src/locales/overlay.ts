import { defineStrings } from './define.js';

/** Strings of the overlay components (the `ui` namespace, key `overlay.…`). */
export const overlay = defineStrings({
  en: {
    close: 'Close',
    ok: 'OK',
    cancel: 'Cancel',
    empty: 'No data',
    loading: 'Loading',
    breadcrumb: 'Breadcrumb',
    steps: {
      wait: 'Not started',
      process: 'In progress',
      finish: 'Completed',
      error: 'Failed',
    },
    notFound: {
      title: 'Page not found',
      subtitle: 'Sorry, the page you visited does not exist.',
    },
    unauthorized: {
      title: 'Not signed in',
      subtitle: 'Your sign-in has expired. Please sign in again.',
    },
    noAccess: {
      title: 'No access',
      subtitle: 'Sorry, you do not have permission to view this page.',
    },
  },
  'zh-CN': {
    close: '关闭',
    ok: '确定',
    cancel: '取消',
    empty: '暂无数据',
    loading: '加载中',
    breadcrumb: '面包屑导航',
    steps: {
      wait: '未开始',
      process: '进行中',
      finish: '已完成',
      error: '失败',
    },
    notFound: {
      title: '页面不存在',
      subtitle: '抱歉，您访问的页面不存在。',
    },
    unauthorized: {
      title: '未登录',
      subtitle: '登录状态已过期，请重新登录。',
    },
    noAccess: {
      title: '无访问权限',
      subtitle: '抱歉，您没有权限访问此页面。',
    },
  },
  'zh-TW': {
    close: '關閉',
    ok: '確定',
    cancel: '取消',
    empty: '暫無資料',
    loading: '載入中',
    breadcrumb: '麵包屑導覽',
    steps: {
      wait: '未開始',
      process: '進行中',
      finish: '已完成',
      error: '失敗',
    },
    notFound: {
      title: '頁面不存在',
      subtitle: '抱歉，您造訪的頁面不存在。',
    },
    unauthorized: {
      title: '未登入',
      subtitle: '登入狀態已過期，請重新登入。',
    },
    noAccess: {
      title: '無存取權限',
      subtitle: '抱歉，您沒有權限存取此頁面。',
    },
  },
});
