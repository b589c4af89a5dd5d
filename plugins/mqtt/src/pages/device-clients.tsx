import { ClientsPage } from '../clients/clients-page.js';

/** Spec §2.3 mqtt_device_client: the devices connected to the broker now. */
export default function DeviceClientsPage() {
  return <ClientsPage kind="device" />;
}
