import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Page header of a finance sub-page, with a way back to the hub. */
export function FinancePageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to={paths.financeiro.hub}>
          <ArrowLeft aria-hidden="true" />
          Módulo Financeiro
        </Link>
      </Button>
      <PageHeader title={title} description={description} actions={actions} />
    </>
  );
}
