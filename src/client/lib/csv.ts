/**
 * Saving a CSV in the browser. The writer itself, with its guard against formulas, is shared
 * (src/shared/csv.ts).
 */

/** Saves `csv` as a file through a temporary link (a UTF-8 BOM lets Excel read accents). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
