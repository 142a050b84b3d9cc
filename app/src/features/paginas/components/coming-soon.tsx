/** A card that says honestly what a page will hold and that it is not available yet. */
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export function ComingSoon({ title, items, children }: { title: string; items: readonly string[]; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <Construction className="size-6 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">{title}</h2>
          <CardDescription>Este módulo está em desenvolvimento. Quando disponível, reunirá:</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="grid list-disc gap-1.5 pl-5 text-sm sm:grid-cols-2">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {children}
      </CardContent>
    </Card>
  );
}

export function SampleNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </p>
  );
}
