import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** Opened by a plain button (open state), as every dialog of the app is. */
function Opener({ kind }: { kind: 'dialog' | 'sheet' | 'alert' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      {kind === 'dialog' && (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Novo Cliente</DialogTitle>
            <DialogDescription>Dados do cliente</DialogDescription>
            <input aria-label="Nome" />
          </DialogContent>
        </Dialog>
      )}
      {kind === 'sheet' && (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent>
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription>Navegação</SheetDescription>
            <a href="#x">Início</a>
          </SheetContent>
        </Sheet>
      )}
      {kind === 'alert' && (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent>
            <AlertDialogTitle>Excluir?</AlertDialogTitle>
            <AlertDialogDescription>Esta ação não pode ser desfeita.</AlertDialogDescription>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </>
  );
}

describe('dialog focus', () => {
  it.each(['dialog', 'sheet', 'alert'] as const)(
    '%s: focus moves inside on open and back to the opener on Escape',
    async (kind) => {
      const user = userEvent.setup();
      render(<Opener kind={kind} />);
      const opener = screen.getByRole('button', { name: 'Abrir' });
      opener.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole(kind === 'alert' ? 'alertdialog' : 'dialog');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole(kind === 'alert' ? 'alertdialog' : 'dialog')).not.toBeInTheDocument(),
      );
      await waitFor(() => expect(document.activeElement).toBe(opener));
    },
  );
});
