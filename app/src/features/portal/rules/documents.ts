/** Document rules of the portal: tabs, sender labels, storage path and the download's file name. */
import type { ClientDocument } from '../types';

export type DocumentTab = 'all' | 'office' | 'mine';

/** Who sent it, from uploaded_by: Você (client) or Escritório (office). */
export function uploaderLabel(uploadedBy: string | null | undefined): 'Você' | 'Escritório' {
  return uploadedBy === 'client' ? 'Você' : 'Escritório';
}

export function filterDocuments<T extends Pick<ClientDocument, 'uploaded_by'>>(
  documents: readonly T[],
  tab: DocumentTab,
): T[] {
  if (tab === 'office') return documents.filter((d) => d.uploaded_by === 'office');
  if (tab === 'mine') return documents.filter((d) => d.uploaded_by === 'client');
  return [...documents];
}

/** The extension of a file name, lower-case, without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const last = fileName.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : '';
}

/** <client_id>/<timestamp>.<ext> in the client_documents bucket. */
export function documentPath(clientId: string, fileName: string, now: number = Date.now()): string {
  const ext = fileExtension(fileName);
  return ext ? `${clientId}/${now}.${ext}` : `${clientId}/${now}`;
}

/** The name the downloaded file gets: the document name, with the stored file's extension when missing. */
export function downloadName(document: Pick<ClientDocument, 'name' | 'file_path'>): string {
  const ext = fileExtension(document.file_path);
  const name = document.name.trim() || 'documento';
  return ext && fileExtension(name) !== ext ? `${name}.${ext}` : name;
}

/** Document types offered by the upload form (value stored as document_type). */
export const DOCUMENT_TYPES: readonly { value: string; label: string }[] = [
  { value: 'passaporte', label: 'Passaporte' },
  { value: 'identidade', label: 'Identidade' },
  { value: 'certidão', label: 'Certidão' },
  { value: 'comprovante', label: 'Comprovante' },
  { value: 'formulário', label: 'Formulário' },
  { value: 'contrato', label: 'Contrato' },
  { value: 'notificação', label: 'Notificação' },
  { value: 'outro', label: 'Outro' },
];

/** The label of a stored document_type (known values capitalised, others shown as stored). */
export function documentTypeLabel(type: string | null | undefined): string | null {
  const t = (type ?? '').trim();
  if (!t) return null;
  const known = DOCUMENT_TYPES.find((d) => d.value === t.toLowerCase());
  return known ? known.label : t.charAt(0).toUpperCase() + t.slice(1);
}

/** Document upload rule (spec section 5): a file and a non-blank name are required. */
export function canUploadDocument(file: File | Blob | null | undefined, name: string | null | undefined): boolean {
  return Boolean(file) && Boolean((name ?? '').trim());
}
