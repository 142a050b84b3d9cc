import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import NotFoundPage from './not-found-page';

/** Error boundary of the route tree (e.g. a screen chunk that failed to load). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Algo deu errado</h1>
      <p className="text-muted-foreground">Ocorreu um erro inesperado. Recarregue a página e tente novamente.</p>
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Recarregar
        </button>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Voltar para o início
        </Link>
      </div>
    </main>
  );
}
