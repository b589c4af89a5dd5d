import { ClientsPage } from '../clients/clients-page.js';

/**
 * Spec §2.3 mqtt_user_client: the user clients connected now (access keys, the debug tool). The
 * catalogue's add, edit and delete buttons name credentials the console does not manage yet.
 */
export default function UserClientsPage() {
  return <ClientsPage kind="user" />;
}
