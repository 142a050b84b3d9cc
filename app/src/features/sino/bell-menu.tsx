/** The bell's list (Radix DropdownMenu), loaded and mounted the first time the bell is opened. */
import { CheckCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkRead, type AppNotification } from './api';

interface BellMenuProps {
  notifications: AppNotification[];
  /** Unread notifications in all (counted by the database), not only among the newest listed. */
  unread: number;
  /** The bell button (the same one shown before this module loaded). */
  trigger: ReactNode;
}

export default function BellMenu({ notifications, unread, trigger }: BellMenuProps) {
  const navigate = useNavigate();
  const markRead = useMarkRead();

  const open = (n: AppNotification) => {
    if (!n.read_at) markRead.mutate([n.id]);
    if (n.link?.startsWith('/')) navigate(n.link);
  };

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <DropdownMenuLabel className="p-0">Notificações</DropdownMenuLabel>
          {unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7"
              onClick={(e) => {
                e.preventDefault();
                markRead.mutate('all');
              }}
            >
              <CheckCheck aria-hidden="true" />
              Marcar todas como lidas
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {notifications.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">Nenhuma notificação.</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {notifications.map((n) => (
              <DropdownMenuItem
                key={n.id}
                onSelect={() => open(n)}
                className={cn('flex flex-col items-start gap-0.5', !n.read_at && 'bg-accent/60')}
                data-testid="notification-item"
                data-unread={n.read_at ? undefined : 'true'}
              >
                <span className="text-sm font-medium">
                  {!n.read_at && <span className="sr-only">Não lida: </span>}
                  {n.title}
                </span>
                {n.body && <span className="line-clamp-2 text-xs text-muted-foreground">{n.body}</span>}
                <span className="text-[11px] text-muted-foreground">{formatDateTime(n.created_at)}</span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
