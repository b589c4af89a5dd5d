/**
 * A file handed to the browser as a download. Apart from the CSV writer (csv.ts), so that the
 * export button, on every list's first load, does not bring csv-stringify with it.
 */

/** Hands a file (e.g. one the server exported) to the browser as a download named `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
