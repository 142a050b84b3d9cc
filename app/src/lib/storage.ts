/** Files to the user's disk: any blob, or an object of the private client_documents bucket. */
import { supabase } from '@/lib/supabase';

export const DOCUMENTS_BUCKET = 'client_documents';

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** storage.from('client_documents').download(path) -> blob -> saved as `fileName`. Throws on failure. */
export async function downloadStoredFile(path: string, fileName: string): Promise<void> {
  const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).download(path);
  if (error || !data) throw error ?? new Error('Arquivo não encontrado');
  saveBlob(data, fileName);
}
