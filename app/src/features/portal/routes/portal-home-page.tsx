import { CalendarClock, FileText, FolderOpen, MessageSquare, Receipt, Wallet, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { formatDate } from '@/lib/format';
import { displayName } from '@/lib/roles';
import type { ClientFinance } from '@/types/finance';
import { useClientDocuments, useClientId, useClientProcesses, useDocumentRequests } from '../api/queries';
import { OfficeContactCard } from '../components/office-contact-card';
import { firstName, overviewCounts, recentActivity, type ActivityKind, type MessageLike } from '../rules/overview';
import { portalStrings as t } from '../strings';

const ACTIVITY_ICONS: Record<ActivityKind, LucideIcon> = {
  message: MessageSquare,
  document: FileText,
  payment: Receipt,
};

function OverviewCard({
  icon: Icon,
  title,
  count,
  caption,
  to,
  linkLabel,
  loading,
}: {
  icon: LucideIcon;
  title: string;
  count: number;
  caption: string;
  to: string;
  linkLabel: string;
  loading: boolean;
}) {
  return (
    <Card data-testid="overview-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
        <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-2">
        {loading ? (
          <Skeleton className="h-8 w-12" />
        ) : (
          <p className="text-3xl font-bold" aria-label={`${title}: ${count} ${caption}`}>
            {count}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{caption}</p>
        {/* where the link leads depends on what is loading: shown once it is known */}
        {!loading && (
          <Link
            to={to}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {linkLabel}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** What the route composing the home gives it from other features: the client's finance (Financeiro) and thread
 * (Mensagens; its latest page is enough for the activity list, the office's count comes from the database). */
export interface PortalHomeParts {
  finance: { data?: ClientFinance | null; isLoading: boolean };
  messages: { data?: readonly MessageLike[]; isLoading: boolean };
  officeMessages: { data?: number };
}

export default function PortalHomePage({ finance, messages, officeMessages }: PortalHomeParts) {
  const { clientData, profile, user } = useAuth();
  const clientId = useClientId();
  const processes = useClientProcesses(clientId);
  const documents = useClientDocuments(clientId);
  const requests = useDocumentRequests(clientId);
  // Next steps are what the client has to do: the documents the office asked for and not yet received.
  const pendingRequests = (requests.data ?? []).filter((r) => r.status === 'pending');
  const nextStepsTo = pendingRequests[0]
    ? paths.portal.processo(pendingRequests[0].process_id)
    : paths.portal.processos;

  const name = firstName(clientData?.full_name || displayName(profile, user?.email));
  const loading = processes.isLoading || finance.isLoading || messages.isLoading || documents.isLoading;
  const counts = overviewCounts({
    processes: processes.data ?? [],
    finance: finance.data ?? { contracts: [], payments: [], quotes: [] },
    messages: messages.data ?? [],
  });
  const activity = recentActivity({
    messages: messages.data ?? [],
    documents: documents.data ?? [],
    payments: finance.data?.payments ?? [],
  });

  return (
    <>
      <PageHeader title={t.welcome(name)} description={t.homeDescription} />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">{t.overviewTab}</TabsTrigger>
          <TabsTrigger value="activity">{t.activityTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <OverviewCard
              icon={FolderOpen}
              title={t.processesCard}
              count={counts.activeProcesses}
              caption={t.processesCaption(counts.activeProcesses)}
              to={paths.portal.processos}
              linkLabel={t.processesLink}
              loading={processes.isLoading}
            />
            <OverviewCard
              icon={Wallet}
              title={t.financeCard}
              count={counts.openPayments}
              caption={t.financeCaption(counts.openPayments)}
              to={paths.portal.financeiro}
              linkLabel={t.financeLink}
              loading={finance.isLoading}
            />
            <OverviewCard
              icon={MessageSquare}
              title={t.messagesCard}
              count={officeMessages.data ?? counts.officeMessages}
              caption={t.messagesCaption(officeMessages.data ?? counts.officeMessages)}
              to={paths.portal.mensagens}
              linkLabel={t.messagesLink}
              loading={messages.isLoading}
            />
            <OverviewCard
              icon={CalendarClock}
              title={t.nextStepsCard}
              count={pendingRequests.length}
              caption={t.nextStepsCaption(pendingRequests.length)}
              to={nextStepsTo}
              linkLabel={t.nextStepsLink}
              loading={requests.isPending}
            />
          </div>
        </TabsContent>
        <TabsContent value="activity">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t.activityTitle}</CardTitle>
              <CardDescription>{t.activityDescription}</CardDescription>
            </CardHeader>
            <CardContent>
              {loading ? (
                <div className="grid gap-3" data-testid="activity-loading">
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                </div>
              ) : activity.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">{t.activityEmpty}</p>
              ) : (
                <ul className="grid gap-3">
                  {activity.map((item) => {
                    const Icon = ACTIVITY_ICONS[item.kind];
                    return (
                      <li
                        key={item.key}
                        className="flex items-start gap-3 rounded-lg border p-3"
                        data-testid="activity-item"
                      >
                        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <div className="grid min-w-0 flex-1 gap-0.5">
                          <p className="text-sm font-medium">{item.title}</p>
                          <p className="truncate text-sm text-muted-foreground">{item.detail}</p>
                        </div>
                        <time className="shrink-0 text-xs text-muted-foreground" dateTime={item.date}>
                          {formatDate(item.date)}
                        </time>
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      <OfficeContactCard className="mt-6" />
    </>
  );
}
