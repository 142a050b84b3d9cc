/** /financeiro: the finance hub, one card per area the user's roles may open. */
import { ArrowRight, BarChart3, FileSignature, FileText, Landmark, Package, Percent, Receipt } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';
import { hubCardsFor } from '../lib/hub-cards';
import { financeStrings as t } from '../strings';

const ICONS: Record<string, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  produtos: Package,
  despesas: Receipt,
  taxas: Landmark,
  orcamentos: FileText,
  contratos: FileSignature,
  comissoes: Percent,
  relatorios: BarChart3,
};

export default function FinanceiroPage() {
  const { roles } = useAuth();
  const cards = hubCardsFor(roles);

  return (
    <>
      <PageHeader
        title={t.hubTitle}
        description="Gerencie produtos, despesas, taxas, orçamentos, contratos e comissões."
      />
      {cards.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma área financeira disponível para o seu perfil.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => {
            const Icon = ICONS[card.key] ?? FileText;
            return (
              <Card key={card.key} className="flex flex-col" data-testid={`finance-card-${card.key}`}>
                <CardHeader>
                  <div className="flex items-center gap-3">
                    <span className="rounded-md bg-primary/10 p-2 text-primary">
                      <Icon className="size-5" aria-hidden={true} />
                    </span>
                    <CardTitle>{card.title}</CardTitle>
                  </div>
                  <CardDescription>{card.description}</CardDescription>
                </CardHeader>
                <CardContent className="flex-1" />
                <CardFooter>
                  <Button asChild variant="outline" className="w-full">
                    <Link to={card.to} aria-label={`${t.access} ${card.title}`}>
                      {t.access}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                </CardFooter>
              </Card>
            );
          })}
        </div>
      )}
    </>
  );
}
