/** The staff sidebar's navigation list (shared by the desktop sidebar and the phone sheet). */
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { cn } from '@/lib/utils';
import type { MenuEntry, MenuGroup } from './staff-menu';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-primary focus-visible:outline-none',
    isActive && 'bg-sidebar-accent text-white',
  );

export function SidebarNav({
  entries,
  collapsed = false,
  onNavigate,
}: {
  entries: MenuEntry[];
  /** Icon-only (desktop collapsed). */
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Menu principal" className="flex flex-col gap-1">
      {entries.map((entry) =>
        entry.type === 'link' ? (
          <NavLink
            key={entry.to}
            to={entry.to}
            // a link whose page has sub-pages of its own in the menu (Atendimento > Mensagens) is current only on itself
            end={entry.to === '/' || entries.some((e) => e.type === 'link' && e.to.startsWith(`${entry.to}/`))}
            className={itemClass}
            title={collapsed ? entry.label : undefined}
            onClick={onNavigate}
          >
            {entry.icon && <entry.icon className="size-5 shrink-0" aria-hidden="true" />}
            <span className={cn(collapsed && 'sr-only')}>{entry.label}</span>
          </NavLink>
        ) : (
          <FinanceGroup key={entry.label} group={entry} collapsed={collapsed} onNavigate={onNavigate} />
        ),
      )}
    </nav>
  );
}

function FinanceGroup({
  group,
  collapsed,
  onNavigate,
}: {
  group: MenuGroup;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const inside = pathname === group.basePath || pathname.startsWith(`${group.basePath}/`);
  const [open, setOpen] = useState(inside);

  if (collapsed) {
    return (
      <NavLink to={group.basePath} className={itemClass} title={group.label} onClick={onNavigate}>
        <group.icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="sr-only">{group.label}</span>
      </NavLink>
    );
  }

  return (
    <Collapsible.Root open={open || inside} onOpenChange={setOpen}>
      <Collapsible.Trigger className={cn(itemClass({ isActive: false }), 'w-full', inside && 'text-white')}>
        <group.icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown
          className={cn('size-4 transition-transform', (open || inside) && 'rotate-180')}
          aria-hidden="true"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="mt-1 ml-5 flex flex-col gap-1 border-l border-sidebar-border pl-3">
        {group.children.map((child) => (
          <NavLink key={child.to} to={child.to} className={itemClass} onClick={onNavigate}>
            {child.label}
          </NavLink>
        ))}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
