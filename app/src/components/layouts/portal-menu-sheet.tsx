/** The portal's menu on phones, a sheet from the left. Loaded on first use (see PortalLayout). */
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { PortalNav } from './portal-nav';

export default function PortalMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 p-4 pt-12">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navegação do portal do cliente</SheetDescription>
        <PortalNav onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
