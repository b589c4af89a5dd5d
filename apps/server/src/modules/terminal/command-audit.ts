/** The command lines typed into a terminal, as its audit log records them. */

/** A command line longer than this is recorded cut. */
const MAX_RECORDED_LINE = 500;

/**
 * The command lines typed into a session, from its keys as xterm.js sends them: Enter ends a line,
 * Backspace takes back a character, Ctrl-C drops the line, escape sequences (arrows) are skipped.
 */
export class LineRecorder {
  private line = '';
  private escape = false;

  /** The lines these keys complete. */
  keys(data: string): string[] {
    const lines: string[] = [];
    for (const key of data) {
      if (this.escape) {
        // An escape sequence ends with a letter or a tilde (CSI `\x1b[A`, `\x1b[3~`).
        if (/[A-Za-z~]/.test(key)) this.escape = false;
        continue;
      }
      if (key === '\x1b') this.escape = true;
      else if (key === '\r') {
        if (this.line.trim()) lines.push(this.line.trim().slice(0, MAX_RECORDED_LINE));
        this.line = '';
      } else if (key === '\x7f' || key === '\b') this.line = this.line.slice(0, -1);
      else if (key === '\x03') this.line = '';
      else if (key >= ' ' && this.line.length < MAX_RECORDED_LINE) this.line += key;
    }
    return lines;
  }
}

/** A session's command lines are written at most once per this long… */
export const AUDIT_INTERVAL_MS = 1_000;
/** …as one audit row of at most this many lines; the rest of that second is only counted. */
export const AUDIT_LINES_PER_ROW = 100;

/** One audit row of a session's command lines: the lines, and how many more were typed but not kept. */
export interface CommandRow {
  lines: string[];
  omitted: number;
}

/**
 * The command lines of one session, written to the audit log as they come but at most one row per
 * AUDIT_INTERVAL_MS: a line typed after a quiet second is written at once, and a burst (a paste of
 * thousands of lines in one message) costs one row a second, not one per line. A row keeps the
 * first AUDIT_LINES_PER_ROW lines of its second and counts the others; the session's close row
 * counts them all.
 */
export class CommandAudit {
  private pending: string[] = [];
  private omitted = 0;
  private lastWrite = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly write: (row: CommandRow) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  add(lines: readonly string[]) {
    if (this.closed) return;
    for (const line of lines) {
      if (this.pending.length < AUDIT_LINES_PER_ROW) this.pending.push(line);
      else this.omitted++;
    }
    this.schedule();
  }

  private schedule() {
    if (this.timer || this.writing || (this.pending.length === 0 && this.omitted === 0)) return;
    const wait = Math.max(0, this.lastWrite + AUDIT_INTERVAL_MS - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.flush().finally(() => {
        this.writing = undefined;
        if (!this.closed) this.schedule();
      });
    }, wait);
    this.timer.unref();
  }

  private async flush() {
    if (this.pending.length === 0 && this.omitted === 0) return;
    const row = { lines: this.pending, omitted: this.omitted };
    this.pending = [];
    this.omitted = 0;
    this.lastWrite = this.now();
    await this.write(row);
  }

  /** Writes what is left, whatever the time since the last row: the session ends. */
  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    await this.flush();
  }
}
