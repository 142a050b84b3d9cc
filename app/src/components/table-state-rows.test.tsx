import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody } from '@/components/ui/table';
import { TableStateRows } from './table-state-rows';

function inTable(children: ReactNode) {
  return render(
    <Table>
      <TableBody>{children}</TableBody>
    </Table>,
  );
}

describe('TableStateRows', () => {
  it('draws the asked number of skeleton rows spanning every column while loading', () => {
    inTable(<TableStateRows loading empty skeletonRows={4} colSpan={6} emptyText="Nada aqui." />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[0]?.querySelector('td')).toHaveAttribute('colspan', '6');
    expect(screen.queryByText('Nada aqui.')).not.toBeInTheDocument();
  });

  it('words the loading state in one row when the screen gives a loading text', () => {
    inTable(<TableStateRows loading empty colSpan={5} loadingText="Carregando produtos..." emptyText="Nada aqui." />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Carregando produtos...' })).toHaveAttribute('colspan', '5');
  });

  it('shows the empty text once loaded with nothing, and nothing once there are rows', () => {
    const { rerender } = inTable(<TableStateRows loading={false} empty colSpan={3} emptyText="Nenhum registro." />);
    expect(screen.getByRole('cell', { name: 'Nenhum registro.' })).toHaveAttribute('colspan', '3');
    rerender(
      <Table>
        <TableBody>
          <TableStateRows loading={false} empty={false} colSpan={3} emptyText="Nenhum registro." />
        </TableBody>
      </Table>,
    );
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });
});
