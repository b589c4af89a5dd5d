/**
 * Binding the rows of an import workbook (spec §3 device import rows, §5.4): after the checks of the
 * row alone and of the file (workbook.ts), each row's unit must be known to the factory (code 2),
 * not bound (3), and fit its group (5). With `on_error: 'all'` a file with any failing row binds
 * nothing; with `'valid'` the valid rows are bound. Either way the binding is one transaction: a
 * failure or a restart leaves nothing half-bound.
 */
import {
  BIND_TEMPLATE_ERRORS,
  type BindTemplateError,
  type ImportOnError,
  type ImportResult,
  type ImportRowError,
} from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { analyzeAfterBulkWrite } from '../../core/db/analyze-after-bulk.js';
import type { Db } from '../../core/db/client.js';
import { devices, factoryUnits } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { boundFrom, GB_PASSWORD_KEY, LOCAL_PASSWORD_KEY, UNIT, type Unit } from './factory.js';
import { changeGroupCount, groupUnknown, lockGroups } from './groups.js';
import { type Actor, changeOf, recordChanges } from './records.js';
import { groupInScope, scopeOf } from './scope.js';
import type { CheckedImportRow } from './workbook.js';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK = 1000;

/** Thrown inside the transaction to undo it when a row turns out bound meanwhile ('all'). */
class BoundMeanwhile extends Error {
  constructor(readonly rows: number[]) {
    super('bound meanwhile');
  }
}

const serialOf = (row: CheckedImportRow) => (row.mode === 'template' ? row.gb28181Id : row.sn);

export class DeviceImport {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async bind(
    actor: Actor,
    checked: { rows: number; valid: CheckedImportRow[]; errors: ImportRowError[] },
    options: { groupId: number | null; onError: ImportOnError },
  ): Promise<ImportResult> {
    const scope = await scopeOf(this.db, actor.caller);
    const { groupId, onError } = options;
    if (!groupInScope(scope, groupId))
      throw groupId === null ? new ApiError(403, 'forbidden') : groupUnknown();
    const errors = [...checked.errors];
    const fail = (row: CheckedImportRow, code: BindTemplateError) => errors.push({ row: row.row, code });

    const serials = checked.valid.map(serialOf);
    const units = new Map<string, Unit>();
    const bound = new Set<number>();
    for (let start = 0; start < serials.length; start += INSERT_CHUNK) {
      const chunk = serials.slice(start, start + INSERT_CHUNK);
      for (const unit of await this.db.select(UNIT).from(factoryUnits).where(inArray(factoryUnits.sn, chunk)))
        units.set(unit.sn, unit);
    }
    const unitIds = [...units.values()].map((unit) => unit.id);
    for (let start = 0; start < unitIds.length; start += INSERT_CHUNK) {
      const chunk = unitIds.slice(start, start + INSERT_CHUNK);
      for (const row of await this.db
        .select({ unitId: devices.unitId })
        .from(devices)
        .where(inArray(devices.unitId, chunk)))
        bound.add(row.unitId);
    }
    const bindable = checked.valid.filter((row) => {
      const unit = units.get(serialOf(row));
      if (!unit) fail(row, BIND_TEMPLATE_ERRORS.unknown);
      else if (bound.has(unit.id)) fail(row, BIND_TEMPLATE_ERRORS.bound);
      return unit !== undefined && !bound.has(unit.id);
    });

    const outcome = async (count: number): Promise<ImportResult> => ({
      rows: checked.rows,
      bound: count,
      errors: errors.sort((a, b) => a.row - b.row),
    });

    try {
      const count = await this.db.transaction(async (tx) => {
        let room = Number.POSITIVE_INFINITY;
        let groupName = '';
        if (groupId !== null) {
          const [group] = await lockGroups(tx, scope.companyId, [groupId]);
          if (!group) throw groupUnknown();
          room = group.maxDevices - group.devices;
          groupName = group.name;
        }
        // Rows past the group's room fail in file order: the first rows of the file are bound.
        const fitting = bindable.filter((row, index) => {
          if (index < room) return true;
          fail(row, BIND_TEMPLATE_ERRORS.group_full);
          return false;
        });
        if (errors.length > 0 && onError === 'all') return 0;
        if (fitting.length === 0) return 0;

        const inserted: Array<{ id: number; unitId: number; sn: string; name: string }> = [];
        for (let start = 0; start < fitting.length; start += INSERT_CHUNK) {
          const chunk = fitting.slice(start, start + INSERT_CHUNK);
          inserted.push(
            ...(await tx
              .insert(devices)
              .values(
                chunk.map((row) => this.deviceOf(row, units.get(serialOf(row)), scope.companyId, groupId)),
              )
              .onConflictDoNothing({ target: devices.unitId })
              .returning({ id: devices.id, unitId: devices.unitId, sn: devices.sn, name: devices.name })),
          );
        }
        if (inserted.length < fitting.length) {
          // Bound by someone else since the check above: 'all' binds nothing, 'valid' reports them.
          const stored = new Set(inserted.map((device) => device.sn));
          const late = fitting.filter((row) => !stored.has(serialOf(row)));
          if (onError === 'all') throw new BoundMeanwhile(late.map((row) => row.row));
          for (const row of late) fail(row, BIND_TEMPLATE_ERRORS.bound);
        }
        if (groupId !== null) await changeGroupCount(tx, groupId, inserted.length);
        await recordChanges(
          tx,
          actor,
          inserted.map((device) =>
            changeOf({ ...device, companyId: scope.companyId }, 'bind', { after: device.name }),
          ),
        );
        await actor.trail.record(tx, {
          action: 'device.import',
          target: { type: 'device', id: null },
          // The devices themselves are in the binding records.
          after: { count: inserted.length, group_id: groupId, group: groupName },
        });
        return inserted.length;
      });
      // The list's next page is planned with the fleet's new size, not the one its statements saw.
      await analyzeAfterBulkWrite(this.db, devices, count);
      return outcome(count);
    } catch (error) {
      if (!(error instanceof BoundMeanwhile)) throw error;
      for (const row of error.rows) errors.push({ row, code: BIND_TEMPLATE_ERRORS.bound });
      return outcome(0);
    }
  }

  private deviceOf(
    row: CheckedImportRow,
    unit: Unit | undefined,
    companyId: number,
    groupId: number | null,
  ): typeof devices.$inferInsert {
    if (!unit) throw new Error(`row ${row.row}: no unit`);
    const common = { ...boundFrom(unit), companyId, groupId, remark: row.remark };
    if (row.mode === 'template') {
      return {
        ...common,
        name: row.name,
        gb28181Id: unit.sn,
        gbPasswordSealed: this.box.seal(row.password, GB_PASSWORD_KEY(unit.sn)),
      };
    }
    return {
      ...common,
      name: unit.sn,
      username: row.username,
      passwordSealed: row.password ? this.box.seal(row.password, LOCAL_PASSWORD_KEY(unit.sn)) : '',
    };
  }
}
