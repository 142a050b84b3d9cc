/** The frame of an add/edit dialog: title, description, the form's fields, then the actions row. */
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { commonStrings } from '@/lib/strings';
import { cn } from '@/lib/utils';

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onSubmit,
  className,
  formClassName = 'grid gap-4',
  cancel = true,
  editable = true,
  actions,
  footerClassName,
  after,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  formClassName?: string;
  /** Whether the actions row offers Cancelar (which closes the dialog). */
  cancel?: boolean;
  /** False for a read-only view: the form shows no actions row. */
  editable?: boolean;
  /** More buttons at the start of the actions row (Excluir...). */
  actions?: ReactNode;
  /** What the dialog shows below the form (comments, a conversion step...). */
  after?: ReactNode;
  footerClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className={formClassName} onSubmit={onSubmit} noValidate>
          {children}
          {editable && (
            <DialogFooter className={cn('sm:col-span-full', footerClassName)}>
              {actions}
              {cancel && (
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  {commonStrings.cancel}
                </Button>
              )}
              <Button type="submit" disabled={pending}>
                {pending && <Spinner className="size-4 text-current" />}
                {commonStrings.save}
              </Button>
            </DialogFooter>
          )}
        </form>
        {after}
      </DialogContent>
    </Dialog>
  );
}
