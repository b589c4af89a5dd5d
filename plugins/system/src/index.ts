import { definePlugin, messages, page, userMenuItem } from '@vap/kernel';

/**
 * The system area (spec §2.2, §3, §6, §7.2): company users and roles, and the owner's audit log and
 * access keys. What a role may not do is hidden here and refused by the server.
 */
export default definePlugin({
  id: 'system',
  kernel: '^2',
  pages: [
    page('system_user', () => import('./pages/users.js'), { buttons: ['add', 'edit', 'role', 'delete'] }),
    page('system_role', () => import('./pages/roles.js'), { buttons: ['add', 'edit', 'delete'] }),
    // Owner only: the server answers the log to the owner alone and gives no role this page.
    page('system_audit', () => import('./pages/audit.js')),
    // Spec §2.2: added for the owner (role_id 0) alone, whatever the server menu says.
    page('accesskey', () => import('./pages/access-keys.js'), {
      always: { path: '/accesskey', ownerOnly: true },
    }),
  ],
  // Spec §2.4: AccessKey in the user dropdown, owner only.
  userMenu: [
    userMenuItem('accesskey', 'system:menu.accesskey', { to: '/accesskey' }, { order: 40, ownerOnly: true }),
  ],
  messages: [
    messages('system', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
