/**
 * The broker's word that a device's connection ended (issue 28). A device that drops without a
 * last will says nothing on `up/state`, yet the broker node that held it knows at once (or, for a
 * connection gone silent, at its keep-alive's end): Aedes publishes the client id on
 * `$SYS/{node}/disconnect/clients` through the broker's bus, which carries it to every node of the
 * cluster. One subscription serves all the terminals of this server; a device's client id is its
 * serial (no user client may take one).
 */
import type { Aedes, AedesPublishPacket } from 'aedes';

const DISCONNECTS = '$SYS/+/disconnect/clients';

export class DeviceDisconnects {
  private readonly listeners = new Map<string, Set<() => void>>();
  private subscribed: Promise<void> | undefined;

  constructor(private readonly aedes: Pick<Aedes, 'subscribe' | 'unsubscribe'>) {}

  private readonly deliver = (packet: AedesPublishPacket, done: () => void) => {
    done();
    const payload = packet.payload;
    const clientId = Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload);
    for (const listener of this.listeners.get(clientId) ?? []) listener();
  };

  /**
   * Calls `listener` when the device of serial `sn` disconnects from any node; resolves once
   * listening, to the function that stops it.
   */
  async follow(sn: string, listener: () => void): Promise<() => void> {
    this.subscribed ??= new Promise((resolve) => this.aedes.subscribe(DISCONNECTS, this.deliver, resolve));
    await this.subscribed;
    let listeners = this.listeners.get(sn);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(sn, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(sn) === listeners) this.listeners.delete(sn);
    };
  }

  /** Stops listening (the server stops). */
  async close(): Promise<void> {
    const subscribed = this.subscribed;
    this.subscribed = undefined;
    this.listeners.clear();
    if (!subscribed) return;
    await subscribed;
    await new Promise<void>((resolve) => this.aedes.unsubscribe(DISCONNECTS, this.deliver, () => resolve()));
  }
}
