/** The top bar's bell: the user's notifications, live, with the unread count and mark one / all as read. */
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { useNotifications, useNotificationsRealtime, useUnreadNotificationCount } from './api';

// The list (Radix DropdownMenu) loads on the first click: the first screen shows only the button and its count.
const BellMenu = lazy(() => import('./bell-menu'));

/** Also the Radix trigger (asChild): its props and ref reach the button. */
function BellButton({ unread, ...props }: ComponentProps<typeof Button> & { unread: number }) {
  return (
    <Button variant="ghost" size="icon" className="relative" {...props}>
      {/* The name comes from this text (not aria-label): a name must contain the visible count as it is written. */}
      <span className="sr-only">{`Notificações (${unread} não lidas)`}</span>
      <Bell aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="bell-count"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  );
}

export function NotificationBell() {
  const userId = useAuth().user?.id ?? null;
  const { data: notifications = [] } = useNotifications(userId);
  useNotificationsRealtime(userId);
  const { data: unread = 0 } = useUnreadNotificationCount(userId);
  const [used, setUsed] = useState(false);

  if (!used) return <BellButton unread={unread} onClick={() => setUsed(true)} />;
  return (
    <Suspense fallback={<BellButton unread={unread} />}>
      <BellMenu notifications={notifications} unread={unread} trigger={<BellButton unread={unread} />} />
    </Suspense>
  );
}
