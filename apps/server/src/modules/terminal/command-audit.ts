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
