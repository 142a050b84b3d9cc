import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FinancePageHeader } from './finance-page-header';

/** Quotes, contracts and commissions: a heading, a button and a description (no behaviour yet). */
export function FinancePlaceholderPage({ title, button, description }: { title: string; button: string; description: string }) {
  return (
    <>
      <FinancePageHeader
        title={title}
        actions={
          <Button>
            <Plus aria-hidden="true" />
            {button}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <p className="text-sm text-muted-foreground">{description}</p>
        </CardContent>
      </Card>
    </>
  );
}
