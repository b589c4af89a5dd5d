/** Reading back the .xlsx workbooks the app answers (exports, templates) as a spreadsheet program would. */
import ExcelJS from 'exceljs';

/**
 * The first worksheet of the workbook `xlsx`, and its rows' values from column A (ExcelJS counts
 * columns from 1 and leaves index 0 empty), empty rows left out.
 */
export async function sheetOf(xlsx: Buffer): Promise<{ sheet: ExcelJS.Worksheet; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('a workbook without a worksheet');
  const rows = sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as unknown[]).slice(1));
  return { sheet, rows };
}
