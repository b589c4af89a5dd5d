import { ClientsPage } from '../clients/clients-page.js';

/**
 * Spec §2.3 mqtt_user_client: the user clients connected now (access keys, the debug tool). Their
 * credentials are the access keys, which the owner manages on the AccessKey page; here a connection
 * can only be ended (`kick`). Migration 0029 took the add, edit and delete buttons out of the menu.
 */
export default function UserClientsPage() {
  return <ClientsPage kind="user" />;
}
