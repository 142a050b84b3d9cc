/** The conversation list of Atendimento > Mensagens: one row per client, newest activity first, with the latest
 *  message, its channels, the unread count, the assignee and "Resolvido". */
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { fill } from '@/lib/strings';
import { cn } from '@/lib/utils';
import type { ConversationRow } from '../api/inbox';
import type { MessageChannel } from '../rules';
import { mensagensStrings as t } from '../strings';

const CHANNEL_LABELS: Record<MessageChannel, string> = {
  portal: t.channelPortal,
  whatsapp: t.channelWhatsapp,
  email: t.channelEmail,
};

export function ConversationList({
  rows,
  loading,
  selected,
  linkTo,
}: {
  rows: readonly ConversationRow[];
  loading: boolean;
  selected: string | null;
  linkTo: (clientId: string) => string;
}) {
  if (loading) {
    return (
      <div className="grid gap-2 p-3" data-testid="conversations-loading">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (rows.length === 0) {
    return <p className="p-6 text-center text-sm text-muted-foreground">{t.inboxEmpty}</p>;
  }
  return (
    <ul aria-label={t.inboxListLabel} className="divide-y">
      {rows.map((row) => {
        const current = row.client_id === selected;
        return (
          <li key={row.client_id} data-testid="conversation-row" data-client-id={row.client_id}>
            <Link
              to={linkTo(row.client_id)}
              aria-current={current ? 'true' : undefined}
              className={cn(
                'grid gap-1 px-3 py-3 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                current && 'bg-accent',
              )}
            >
              <span className="flex items-center gap-2">
                <span className={cn('min-w-0 flex-1 truncate', row.unread > 0 ? 'font-semibold' : 'font-medium')}>
                  {row.client_name}
                </span>
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={row.last_message_at}>
                  {formatDateTime(row.last_message_at)}
                </time>
              </span>
              <span className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-muted-foreground">
                  {row.last_sender === 'office' && t.inboxYou}
                  {row.last_message ?? ''}
                </span>
                {row.unread > 0 && (
                  <Badge className="shrink-0 rounded-full" data-testid="conversation-unread">
                    <span aria-hidden="true">{row.unread}</span>
                    <span className="sr-only">{fill(t.inboxUnreadCount, { count: String(row.unread) })}</span>
                  </Badge>
                )}
              </span>
              <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                {row.channels.map((channel) => (
                  <Badge key={channel} variant="outline" className="text-[11px]">
                    {CHANNEL_LABELS[channel] ?? channel}
                  </Badge>
                ))}
                <span className="ml-auto" data-testid="conversation-assignee">
                  {row.assigned_name ? `${t.assignedTo}: ${row.assigned_name}` : t.unassigned}
                </span>
                {row.resolved_at && (
                  <span
                    className="flex items-center gap-1 font-medium text-green-800"
                    data-testid="conversation-row-resolved"
                  >
                    <CheckCircle2 className="size-3.5" aria-hidden="true" />
                    {t.resolved}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
