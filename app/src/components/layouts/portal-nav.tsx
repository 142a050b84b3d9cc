/** The portal's menu links (side menu on desktop, menu sheet on phones). */
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { PORTAL_MENU } from './portal-menu';

export function PortalNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Menu do portal" className="flex flex-col gap-1">
      {PORTAL_MENU.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to === paths.portal.home}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              isActive && 'bg-accent text-accent-foreground',
            )
          }
        >
          <item.icon className="size-5 shrink-0" aria-hidden="true" />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
