import { MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { supabase } from '@/lib/supabase';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSendMessage } from '../api/mutations';
import { StaffReplyBar, useStaffConversation } from './staff-conversation';
import { fetchOlderMessages, MESSAGE_PAGE, useMessages } from '../api/queries';
import { useMessagesRealtime } from '../api/realtime';
import { downloadStoredFile } from '@/lib/storage';
import { attachmentName, type Message, type SenderType } from '../rules';
import { mensagensStrings as t } from '../strings';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

export interface MessageThreadProps {
  clientId: string;
  /** Who is looking: the client (portal) or the office (staff). Their own messages sit on the right. */
  viewer: SenderType;
  /** Label of the other side's messages (portal: Escritório; staff: the client's name). */
  otherLabel?: string;
}

/** Older pages merged before the latest one: each message once, oldest first. */
function mergeThread(older: readonly Message[], latest: readonly Message[]): Message[] {
  const seen = new Set(latest.map((m) => m.id));
  return [...older.filter((m) => !seen.has(m.id)), ...latest];
}

/** The thread of one client (keyed by the client, so another client's thread starts over). */
export function MessageThread(props: MessageThreadProps) {
  return <ClientThread key={props.clientId} {...props} />;
}

/**
 * The thread between one client and the office: the latest messages (the database sends the newest page),
 * "Carregar anteriores" for earlier ones, live updates and the composer, in a 400px message area.
 */
function ClientThread({ clientId, viewer, otherLabel }: MessageThreadProps) {
  const { data: latest = [], isPending } = useMessages(clientId);
  const [older, setOlder] = useState<Message[]>([]);
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = useMemo(() => mergeThread(older, latest), [older, latest]);
  const hasOlder = !olderDone && messages.length >= MESSAGE_PAGE;
  const heightBefore = useRef<number | null>(null);
  useMessagesRealtime(clientId);
  const send = useSendMessage(clientId, viewer);
  const staff = useStaffConversation(clientId, viewer === 'office', messages);
  const listRef = useRef<HTMLDivElement>(null);
  const other = otherLabel ?? (viewer === 'client' ? t.office : t.client);
  // The client sees "Você"; staff see the office's messages as the office's (any staff member may answer).
  const ownLabel = viewer === 'client' ? t.you : t.office;

  const lastId = messages.length ? messages[messages.length - 1]!.id : null;
  const queryClient = useQueryClient();
  // The thread is on screen: the other side's messages are read (unread counts on the clients list drop).
  useEffect(() => {
    if (isPending || !lastId || typeof supabase.rpc !== 'function') return;
    void Promise.resolve(supabase.rpc('mark_messages_read', { p_client_id: clientId })).then(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients', 'unread'] }),
        // the unread counts of Atendimento > Mensagens
        queryClient.invalidateQueries({ queryKey: ['conversations', 'inbox'] }),
      ]),
    );
  }, [clientId, lastId, isPending, queryClient]);
  useEffect(() => {
    // Scroll to the newest message whenever one is added.
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, isPending]);

  useLayoutEffect(() => {
    // Earlier messages went in above: keep the message the reader was looking at where it was.
    const el = listRef.current;
    if (el && heightBefore.current !== null) el.scrollTop += el.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [older]);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(clientId, oldest);
      heightBefore.current = listRef.current?.scrollHeight ?? null;
      setOlder((current) => [...page, ...current]);
      if (page.length < MESSAGE_PAGE) setOlderDone(true);
    } catch (error) {
      console.error(t.loadOlderError, error);
      toast.error(t.loadOlderError);
    } finally {
      setLoadingOlder(false);
    }
  };

  const download = async (path: string) => {
    try {
      await downloadStoredFile(path, attachmentName(path));
    } catch (error) {
      console.error(t.downloadError, error);
      toast.error(t.downloadError);
    }
  };

  return (
    <Card className="gap-0 py-0">
      <div
        ref={listRef}
        role="log"
        aria-label={t.threadLabel}
        aria-live="polite"
        aria-busy={isPending}
        className="h-[400px] overflow-y-auto p-3 sm:p-4"
      >
        {isPending ? (
          <div className="grid gap-3" data-testid="thread-loading">
            <Skeleton className="h-14 w-2/3" />
            <Skeleton className="ml-auto h-14 w-1/2" />
            <Skeleton className="h-14 w-3/5" />
          </div>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-muted-foreground">
            <MessageSquare className="size-10" aria-hidden="true" />
            <p className="font-medium text-foreground">{t.emptyTitle}</p>
            <p className="text-sm">{viewer === 'client' ? t.emptyClient : t.emptyOffice}</p>
          </div>
        ) : (
          <>
            {hasOlder && (
              <div className="mb-3 flex justify-center">
                <Button variant="outline" size="sm" disabled={loadingOlder} onClick={() => void loadOlder()}>
                  {loadingOlder ? t.loadingOlder : t.loadOlder}
                </Button>
              </div>
            )}
            <ul className="grid gap-3">
              {messages.map((message) => {
                const own = message.sender_type === viewer;
                return (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    own={own}
                    senderLabel={own ? ownLabel : other}
                    onDownload={(path) => void download(path)}
                    requests={staff.requests}
                    onAttach={
                      staff.enabled
                        ? (requestId) => staff.attach.mutate({ messageId: message.id, requestId })
                        : undefined
                    }
                  />
                );
              })}
            </ul>
          </>
        )}
      </div>
      {staff.enabled && <StaffReplyBar conversation={staff} />}
      <MessageComposer
        sending={send.isPending || staff.sending}
        allowAttach={!staff.whatsapp}
        onSend={async (input) => {
          try {
            if (staff.whatsapp) await staff.sendWhatsApp(input.text);
            else await send.mutateAsync(input);
            return true;
          } catch {
            return false;
          }
        }}
      />
    </Card>
  );
}
