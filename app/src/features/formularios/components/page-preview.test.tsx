import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, server, SUPABASE_URL } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { FormPagesPreview } from './page-preview';

const PREVIEW_URL = `${SUPABASE_URL}/functions/v1/preview-uscis-form`;
// a PNG's signature is enough for the blob: the browser is not asked to draw it here
const PNG = btoa('\x89PNG\r\n\x1a\n');

let blobs: Blob[] = [];
beforeEach(async () => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:page-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  await signInAs({ id: 'u-assistant', email: 'assistente@escritorio.test' });
});

describe('FormPagesPreview', () => {
  it('shows the page the server rendered as a PNG, one page at a time, with the session token', async () => {
    server.use(
      http.post(PREVIEW_URL, async ({ request }) => {
        const body = (await request.json()) as { page: number };
        return HttpResponse.json({ pageCount: 2, png: PNG, page: body.page });
      }),
    );
    renderWithProviders(<FormPagesPreview documentId="doc-1" title="I-130" />);
    const image = await screen.findByRole('img', { name: /I-130/ });
    expect(image).toHaveAttribute('src', 'blob:page-1');
    expect(blobs[0]!.type).toBe('image/png');
    expect(new Uint8Array(await blobs[0]!.arrayBuffer())[0]).toBe(0x89);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByRole('img', { name: /I-130/ })).toHaveAttribute('src', 'blob:page-2');
    const calls = db.requests('/functions/v1/preview-uscis-form', 'POST');
    expect(calls.map((call) => call.body)).toEqual([
      { documentId: 'doc-1', page: 1, width: 1000 },
      { documentId: 'doc-1', page: 2, width: 1000 },
    ]);
    expect(calls[0]!.headers.get('authorization')).toMatch(/^Bearer ey/);
  });

  it("shows the function's own error text when it gives one", async () => {
    server.use(http.post(PREVIEW_URL, () => HttpResponse.json({ error: 'Documento não encontrado' }, { status: 404 })));
    renderWithProviders(<FormPagesPreview documentId="doc-x" title="I-130" />);
    expect(await screen.findByText('Documento não encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says in Portuguese that the preview failed when the answer carries no text or no image', async () => {
    server.use(http.post(PREVIEW_URL, () => new HttpResponse('upstream down', { status: 502 })));
    const view = renderWithProviders(<FormPagesPreview documentId="doc-1" title="I-130" />);
    expect(await screen.findByText('Não foi possível gerar a pré-visualização da página')).toBeInTheDocument();
    view.unmount();

    server.use(http.post(PREVIEW_URL, () => HttpResponse.json({ pageCount: 1 })));
    renderWithProviders(<FormPagesPreview documentId="doc-2" title="I-130" />);
    expect(await screen.findByText('Não foi possível gerar a pré-visualização da página')).toBeInTheDocument();
  });
});
