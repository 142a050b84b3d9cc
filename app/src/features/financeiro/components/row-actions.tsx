import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TableCell } from '@/components/ui/table';

/** The actions cell of a finance table row: any extra buttons, then Editar and Excluir (labelled with the row's name). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  titles = false,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Also show "Editar" / "Excluir" as tooltips. */
  titles?: boolean;
  children?: ReactNode;
}) {
  return (
    <TableCell className="text-right">
      <div className="flex justify-end gap-1">
        {children}
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Editar ${name}`}
          title={titles ? 'Editar' : undefined}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Excluir ${name}`}
          title={titles ? 'Excluir' : undefined}
          onClick={onDelete}
        >
          <Trash2 className="text-destructive" aria-hidden="true" />
        </Button>
      </div>
    </TableCell>
  );
}
