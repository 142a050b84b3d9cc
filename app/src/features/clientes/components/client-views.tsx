/** The clients list (table) and grid (cards), their loading skeletons and the empty state. */
import { Eye, Mail, MessageSquare, Phone, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { initials } from '@/lib/roles';
import { clientesStrings as t } from '../strings';
import type { ClientListItem } from '../types';

/** The staff message thread with one client. */
export function clientMessagesPath(clientId: string): string {
  return `${paths.clientes}/${encodeURIComponent(clientId)}/mensagens`;
}

function ActiveBadge({ label }: { label: string }) {
  return <Badge variant="success">{label}</Badge>;
}

function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge variant="destructive" aria-label={`${count} mensagens não lidas`}>
      {count}
    </Badge>
  );
}

export function ClientsTable({ clients, unread = {} }: { clients: ClientListItem[]; unread?: Record<string, number> }) {
  return (
    <Card className="py-0">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t.columns.name}</TableHead>
            <TableHead>{t.columns.contact}</TableHead>
            <TableHead>{t.columns.createdAt}</TableHead>
            <TableHead>{t.columns.portalAccess}</TableHead>
            <TableHead className="text-right">{t.columns.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {clients.map((client) => (
            <TableRow key={client.id}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <Avatar className="size-8">
                    <AvatarFallback className="text-xs">{initials(client.full_name)}</AvatarFallback>
                  </Avatar>
                  <div className="min-w-0">
                    <Link to={paths.cliente(client.id)} className="font-medium hover:underline">
                      {client.full_name}
                    </Link>
                    <ActiveBadge label={t.active} />
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <div className="flex flex-col gap-1 text-sm">
                  <span className="flex items-center gap-1.5">
                    <Mail className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    {client.email}
                  </span>
                  <span className="flex items-center gap-1.5 text-muted-foreground">
                    <Phone className="size-3.5" aria-hidden="true" />
                    {client.phone || t.noPhone}
                  </span>
                </div>
              </TableCell>
              <TableCell>{formatDate(client.created_at)}</TableCell>
              <TableCell>
                <ActiveBadge label={t.accessActive} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" asChild>
                    <Link
                      to={paths.cliente(client.id)}
                      aria-label={`${t.details}: ${client.full_name}`}
                      title={t.details}
                    >
                      <Eye aria-hidden="true" />
                    </Link>
                  </Button>
                  <Button variant="ghost" size="icon" asChild className="relative">
                    <Link
                      to={clientMessagesPath(client.id)}
                      aria-label={`${t.message}: ${client.full_name}`}
                      title={t.message}
                    >
                      <MessageSquare aria-hidden="true" />
                    </Link>
                  </Button>
                  <UnreadBadge count={unread[client.id]} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

export function ClientsGrid({ clients, unread = {} }: { clients: ClientListItem[]; unread?: Record<string, number> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {clients.map((client) => (
        // min-w-0: a long name or e-mail is truncated instead of widening the column past a phone screen.
        <li key={client.id} className="min-w-0">
          <Card className="h-full">
            <CardHeader className="flex-row items-center gap-3">
              <Avatar className="size-10">
                <AvatarFallback>{initials(client.full_name)}</AvatarFallback>
              </Avatar>
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold">{client.full_name}</h3>
                <p className="text-xs text-muted-foreground">
                  {t.clientSince} {formatDate(client.created_at)}
                </p>
              </div>
              <ActiveBadge label={t.active} />
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-1.5 text-sm">
              <span className="flex min-w-0 items-center gap-1.5">
                <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate">{client.email}</span>
              </span>
              <span className="flex items-center gap-1.5 text-muted-foreground">
                <Phone className="size-3.5" aria-hidden="true" />
                {client.phone || t.noPhone}
              </span>
              <div className="pt-1">
                <ActiveBadge label={t.accessActive} />
              </div>
            </CardContent>
            <CardFooter className="gap-2">
              <Button variant="outline" size="sm" className="flex-1" asChild>
                <Link to={paths.cliente(client.id)} aria-label={`${t.details}: ${client.full_name}`}>
                  <Eye aria-hidden="true" />
                  {t.details}
                </Link>
              </Button>
              <Button size="sm" className="flex-1" asChild>
                <Link to={clientMessagesPath(client.id)} aria-label={`${t.message}: ${client.full_name}`}>
                  <MessageSquare aria-hidden="true" />
                  {t.message}
                  <UnreadBadge count={unread[client.id]} />
                </Link>
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ClientsTableSkeleton() {
  return (
    <Card className="gap-3 p-4" aria-busy="true" aria-label="Carregando clientes">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3" data-testid="client-skeleton">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-6 w-24 sm:block" />
        </div>
      ))}
    </Card>
  );
}

export function ClientsGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Carregando clientes">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="gap-3 px-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 flex-1" />
          </div>
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-8 w-full" />
        </Card>
      ))}
    </div>
  );
}

export function ClientsEmptyState({ searching, onCreate }: { searching: boolean; onCreate: () => void }) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <UserPlus className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{searching ? t.emptySearch : t.emptyNone}</p>
      {!searching && (
        <Button onClick={onCreate}>
          <UserPlus aria-hidden="true" />
          {t.firstClient}
        </Button>
      )}
    </Card>
  );
}
