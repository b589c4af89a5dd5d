/** The calls of the audit log (owner only), typed by @vap/contracts. */
import {
  AUDIT_EXPORT_HEADERS,
  AUDIT_PATHS,
  type AuditEntry,
  auditEntrySchema,
  type ListPage,
  type ListQuery,
  type Order,
  type Where,
} from '@vap/contracts';
import type { CallOptions, HttpClient } from '@vap/kernel';

export interface AuditExport {
  blob: Blob;
  /** How many entries the file holds. */
  total: number;
}

export interface AuditApi {
  entries(query: ListQuery, options?: CallOptions): Promise<ListPage<AuditEntry>>;
  /** The server's CSV of the entries matching `wheres`; refused beyond 5000 (spec §8, §9). */
  exportCsv(wheres: readonly Where[], orders: readonly Order[]): Promise<AuditExport>;
}

export function createAuditApi(http: HttpClient): AuditApi {
  return {
    entries: (query, options) => http.list(AUDIT_PATHS.list, query, auditEntrySchema, options),
    exportCsv: async (wheres, orders) => {
      const { blob, headers } = await http.download(AUDIT_PATHS.export, { wheres, orders });
      return {
        blob,
        total: Number(headers.get(AUDIT_EXPORT_HEADERS.total) ?? 0),
      };
    },
  };
}
