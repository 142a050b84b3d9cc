/**
 * Confirmation before a consequential action (deleting, closing, declining...): a title, what will happen, then
 * Cancelar (changes nothing) and Confirmar. Open it from the action's button; the action runs only on Confirmar.
 * The one confirmation of the app: screens name their own buttons (confirmLabel, cancelLabel) and may add a detail
 * under the description (children).
 */
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export const confirmStrings = { cancel: 'Cancelar', confirm: 'Confirmar' } as const;

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  pending = false,
  destructive = true,
  confirmLabel = confirmStrings.confirm,
  cancelLabel = confirmStrings.cancel,
  confirmDisabled = false,
  closeOnConfirm = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Runs on Confirmar; the dialog closes when it settles (the caller reports success or failure). */
  onConfirm: () => unknown;
  pending?: boolean;
  /** Red Confirmar for deletes and other actions that cannot be undone. */
  destructive?: boolean;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Confirmar stays disabled (e.g. until a reason asked for in children is typed). */
  confirmDisabled?: boolean;
  /** false: the caller closes the dialog on success, so a failure keeps what was typed in children. */
  closeOnConfirm?: boolean;
  /** Shown between the description and the buttons (e.g. the list of what clashes). */
  children?: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={pending || confirmDisabled}
            onClick={async (event) => {
              event.preventDefault();
              try {
                await onConfirm();
              } finally {
                if (closeOnConfirm) onOpenChange(false);
              }
            }}
          >
            {pending && <Spinner className="size-4 text-current" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
