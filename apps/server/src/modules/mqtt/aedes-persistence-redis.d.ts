// aedes-persistence-redis ships no types; the little of it the broker uses.
declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';

  interface RedisPersistence {
    destroy(): Promise<void>;
  }
  export default function aedesPersistenceRedis(options: { conn: Redis }): RedisPersistence;
}
