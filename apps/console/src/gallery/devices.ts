/**
 * The gallery's in-memory device list and a `load(query, signal)` over it that behaves like a
 * list endpoint (spec §3): it filters by the wheres, sorts by the orders and answers one page.
 */
import type { ListPage, ListQuery, Where } from '@vap/contracts';

export interface Device {
  id: number;
  name: string;
  serial: string;
  status: 'online' | 'offline';
  /** Milliseconds since the epoch; 0 when it never came online. */
  lastOnline: number;
  model: string;
  firmware: string;
}

const PLACES = ['Gate', 'Lobby', 'Parking', 'Warehouse', 'Office', 'Corridor', 'Roof', 'Dock', 'Lab', 'Shop'];
const MODELS = ['IPC-2M', 'IPC-4K', 'IPC-PTZ', 'NVR-16'];

/** A small deterministic generator, so every visit shows the same rows. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export function createDevices(count = 2500, now = Date.UTC(2026, 10, 20, 12)): Device[] {
  const next = random(42);
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const model = MODELS[Math.floor(next() * MODELS.length)] ?? 'IPC-2M';
    const nvr = model.startsWith('NVR');
    const online = next() < 0.7;
    const never = !online && next() < 0.05;
    return {
      id,
      name: `${PLACES[index % PLACES.length]} camera ${String(id).padStart(4, '0')}`,
      // Spec §5.1 serials: 10 digits, 132 (IPC) or 118 (NVR), 7 digits.
      serial: `${String(3_000_000_000 + id * 7919).padStart(10, '0')}${nvr ? '118' : '132'}${String(id).padStart(7, '0')}`,
      status: online ? 'online' : 'offline',
      lastOnline: never
        ? 0
        : online
          ? now - Math.floor(next() * 600_000)
          : now - Math.floor(next() * 90 * 86_400_000),
      model,
      firmware: `2.${Math.floor(next() * 5)}.${Math.floor(next() * 10)}`,
    };
  });
}

function matches(device: Device, where: Where): boolean {
  const value = (device as unknown as Record<string, unknown>)[where.k];
  switch (where.o) {
    case '=':
      return value === where.v;
    case '!=':
      return value !== where.v;
    case 'like':
      return String(value).toLowerCase().includes(String(where.v).toLowerCase());
    case 'in':
      return Array.isArray(where.v) && where.v.includes(value);
    case '>':
      return Number(value) > Number(where.v);
    case '>=':
      return Number(value) >= Number(where.v);
    case '<':
      return Number(value) < Number(where.v);
    case '<=':
      return Number(value) <= Number(where.v);
    case 'between': {
      const [low, high] = Array.isArray(where.v) ? where.v : [];
      return Number(value) >= Number(low) && Number(value) <= Number(high);
    }
    default:
      return true;
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** One page of `devices` for `query`. */
export function queryDevices(devices: readonly Device[], query: ListQuery): ListPage<Device> {
  const filtered = devices.filter((device) => query.wheres.every((where) => matches(device, where)));
  const sorted = query.orders.length
    ? [...filtered].sort((a, b) => {
        for (const order of query.orders) {
          const field = order.k as keyof Device;
          const result = compare(a[field], b[field]);
          if (result !== 0) return order.o === 'asc' ? result : -result;
        }
        return 0;
      })
    : filtered;
  const start = (query.page - 1) * query.size;
  return { items: sorted.slice(start, start + query.size), total: filtered.length };
}

/** Resolves after `ms`, or rejects with the signal's reason once it is aborted. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
