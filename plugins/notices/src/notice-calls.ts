/**
 * The notices' declared calls, imported by the unread poll with its first poll: the plugin's entry,
 * which every visitor loads with the sign-in page, must not name them (the build would group their
 * schemas, and zod, with it).
 */
export { NOTICE_CALLS } from '@vap/contracts';
