import type { Order, Where } from '@vap/contracts';
import { Button, type DataTableHandle, downloadBlob, message } from '@vap/ui';
import { type RefObject, useState } from 'react';

interface ExportButtonProps {
  /** The table whose current filter and sort the export takes. */
  table: RefObject<DataTableHandle | null>;
  /** Asks the server for the workbook (the server makes it: no spreadsheet code in the console). */
  fetch: (wheres: readonly Where[], orders: readonly Order[]) => Promise<Blob>;
  /** The file's name without the date and extension. */
  filename: string;
  label: string;
  /** Shown while the server makes the file. */
  busyLabel: string;
  done: string;
}

/** Downloads the .xlsx of a table's current filter and sort, with a spinner while it is made. */
export function ExportButton({ table, fetch, filename, label, busyLabel, done }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    const query = table.current?.query();
    if (!query) return;
    setExporting(true);
    try {
      const blob = await fetch(query.wheres, query.orders);
      downloadBlob(`${filename}-${new Date().toISOString().slice(0, 10)}.xlsx`, blob);
      message.success(done);
    } catch {
      // The console shows the server's message.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      {exporting ? busyLabel : label}
    </Button>
  );
}
