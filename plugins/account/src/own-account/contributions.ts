import {
  type TopbarItemContribution,
  topbarItem,
  type UserMenuItemContribution,
  userMenuItem,
} from '@vap/kernel';

/**
 * The user's own account and company: the user-menu dialogs of spec §2.4 (Profile, Display settings
 * for the owner, Change password; the console's AccessKey entry sits at order 40) and the top bar's
 * company item (verification badge and hint, company completion).
 */
export const ownAccountUserMenu: UserMenuItemContribution[] = [
  userMenuItem(
    'account.profile',
    'own-account:profile.title',
    { dialog: () => import('./profile-dialog.js') },
    { order: 10 },
  ),
  userMenuItem(
    'account.display',
    'own-account:display.title',
    { dialog: () => import('./display-dialog.js') },
    { order: 20, ownerOnly: true },
  ),
  userMenuItem(
    'account.password',
    'own-account:password.title',
    { dialog: () => import('./password-dialog.js') },
    { order: 60 },
  ),
];

export const ownAccountTopbar: TopbarItemContribution[] = [
  topbarItem('account.company', () => import('./company-status.js'), { order: 10 }),
];
