import { describe, expect, it } from 'vitest';
import {
  canUploadDocument,
  documentPath,
  documentTypeLabel,
  downloadName,
  fileExtension,
  filterDocuments,
  uploaderLabel,
} from './documents';

describe('uploaderLabel', () => {
  it('shows Você for the client and Escritório for the office', () => {
    expect(uploaderLabel('client')).toBe('Você');
    expect(uploaderLabel('office')).toBe('Escritório');
  });
});

describe('filterDocuments', () => {
  const docs = [
    { id: 'a', uploaded_by: 'client' as const },
    { id: 'b', uploaded_by: 'office' as const },
    { id: 'c', uploaded_by: 'client' as const },
  ];
  it('splits Todos os Documentos, Documentos do Escritório and Meus Uploads', () => {
    expect(filterDocuments(docs, 'all').map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(filterDocuments(docs, 'office').map((d) => d.id)).toEqual(['b']);
    expect(filterDocuments(docs, 'mine').map((d) => d.id)).toEqual(['a', 'c']);
  });
});

describe('storage paths and names', () => {
  it('stores under <client_id>/<timestamp>.<ext>', () => {
    expect(documentPath('c1', 'Passaporte.PDF', 1700000000000)).toBe('c1/1700000000000.pdf');
    expect(documentPath('c1', 'sem-extensao', 42)).toBe('c1/42');
    expect(fileExtension('.bashrc')).toBe('');
  });

  it('names the download after the document, with the stored extension', () => {
    expect(downloadName({ name: 'Passaporte', file_path: 'c1/1.pdf' })).toBe('Passaporte.pdf');
    expect(downloadName({ name: 'scan.pdf', file_path: 'c1/1.pdf' })).toBe('scan.pdf');
    expect(downloadName({ name: 'Nota', file_path: 'c1/1' })).toBe('Nota');
  });

  it('labels document types', () => {
    expect(documentTypeLabel('passaporte')).toBe('Passaporte');
    expect(documentTypeLabel('notificação')).toBe('Notificação');
    expect(documentTypeLabel('visto')).toBe('Visto');
    expect(documentTypeLabel(null)).toBeNull();
  });
});

describe('canUploadDocument', () => {
  it('needs a file and a non-blank name', () => {
    const file = new File(['x'], 'a.pdf');
    expect(canUploadDocument(null, 'Nome')).toBe(false);
    expect(canUploadDocument(file, '')).toBe(false);
    expect(canUploadDocument(file, '   ')).toBe(false);
    expect(canUploadDocument(file, 'Nome')).toBe(true);
  });
});
