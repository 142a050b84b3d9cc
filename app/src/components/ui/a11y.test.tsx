import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';

describe('CardTitle', () => {
  it('is an h3 by default and takes the level a page needs', () => {
    render(
      <>
        <CardTitle>Padrão</CardTitle>
        <CardTitle as="h2">Sob o título da página</CardTitle>
      </>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Padrão' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sob o título da página' })).toBeInTheDocument();
  });
});

describe('TabsTrigger', () => {
  it('draws inactive tabs in foreground at 80% (muted-foreground on bg-muted is below 4.5:1)', () => {
    render(
      <Tabs defaultValue="a">
        <TabsList>
          <TabsTrigger value="a">Visão geral</TabsTrigger>
          <TabsTrigger value="b">Atividade</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    const inactive = screen.getByRole('tab', { name: 'Atividade' });
    expect(inactive).toHaveAttribute('data-state', 'inactive');
    expect(inactive.className).toContain('text-foreground/80');
    expect(inactive.className).not.toContain('text-muted-foreground');
    expect(screen.getByRole('tablist').className).not.toContain('text-muted-foreground');
  });
});
