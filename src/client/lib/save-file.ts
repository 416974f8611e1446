/**
 * Hands a downloaded file to the browser to save. The file comes from `apiDownload` (the API
 * needs the bearer token, which a plain link cannot carry), so it is saved from a Blob URL that
 * is given back as soon as the browser has taken it.
 */
import type { ApiFile } from './api-client';

export function saveFile({ blob, fileName }: ApiFile, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
