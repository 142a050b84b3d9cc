/** Staff above the composer: "Resolvido", and the channel of the reply (Portal or WhatsApp) with the 24-hour rule
 *  spelled out: inside the window a free-form text, outside it an approved template only (the database enforces
 *  the same in send_whatsapp_reply). */
import { CheckCircle2, RotateCcw, UserCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PersonSelect } from '@/components/person-select';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuth } from '@/lib/auth';
import { useStaffOptions } from '@/lib/people';
import {
  TEMPLATE_LABELS,
  useAssignConversation,
  useAttachToRequest,
  useConversationState,
  usePendingRequests,
  useSendWhatsApp,
  useSetResolved,
  type PendingRequest,
  type ReplyTemplate,
} from '../api/conversation';
import { whatsappWindowOpen, type Message } from '../rules';
import { mensagensStrings as t } from '../strings';

type ReplyChannel = 'portal' | 'whatsapp';

export interface StaffConversation {
  enabled: boolean;
  whatsapp: boolean;
  sending: boolean;
  requests: readonly PendingRequest[] | undefined;
  attach: ReturnType<typeof useAttachToRequest>;
  sendWhatsApp: (text: string) => Promise<unknown>;
  channel: ReplyChannel;
  setChannel: (channel: ReplyChannel) => void;
  template: ReplyTemplate;
  setTemplate: (template: ReplyTemplate) => void;
  whatsappEnabled: boolean;
  windowOpen: boolean;
  resolvedAt: string | null;
  setResolved: ReturnType<typeof useSetResolved>;
  assignedTo: string | null;
  assign: ReturnType<typeof useAssignConversation>;
}

export function useStaffConversation(
  clientId: string,
  enabled: boolean,
  messages: readonly Message[],
): StaffConversation {
  const { data: state, refetch } = useConversationState(clientId);
  const hasFiles = enabled && messages.some((m) => m.document_id && m.sender_type === 'client');
  const { data: requests } = usePendingRequests(clientId, hasFiles);
  const attach = useAttachToRequest();
  const whatsappSend = useSendWhatsApp(clientId);
  const setResolved = useSetResolved(clientId);
  const assign = useAssignConversation(clientId);
  const [chosen, setChannel] = useState<ReplyChannel | null>(null);
  const [template, setTemplate] = useState<ReplyTemplate>('office_message');
  const lastClientMessage = [...messages].reverse().find((m) => m.sender_type === 'client');
  // a new message from the client moves the window and reopens the conversation: read the state again
  useEffect(() => {
    if (enabled && lastClientMessage) void refetch();
  }, [enabled, lastClientMessage?.id, refetch]); // eslint-disable-line react-hooks/exhaustive-deps
  // until staff choose, the reply goes on the channel the client last wrote on
  const channel: ReplyChannel = chosen ?? (lastClientMessage?.channel === 'whatsapp' ? 'whatsapp' : 'portal');
  const windowOpen = whatsappWindowOpen(state?.lastInbound);
  const whatsapp = enabled && channel === 'whatsapp' && Boolean(state?.whatsappEnabled);
  return {
    enabled,
    whatsapp,
    sending: whatsappSend.isPending,
    requests: hasFiles ? requests : undefined,
    attach,
    sendWhatsApp: (text) => whatsappSend.mutateAsync({ text, template: windowOpen ? null : template }),
    channel,
    setChannel,
    template,
    setTemplate,
    whatsappEnabled: Boolean(state?.whatsappEnabled),
    windowOpen,
    resolvedAt: state?.resolvedAt ?? null,
    setResolved,
    assignedTo: state?.assignedTo ?? null,
    assign,
  };
}

/** Who answers the conversation: any staff member, or "Assumir" to take it. */
function AssigneeControl({ conversation: c }: { conversation: StaffConversation }) {
  const id = useId();
  const me = useAuth().user?.id ?? null;
  const { data: staff } = useStaffOptions();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="conversation-assignment">
      <label htmlFor={id} className="font-medium">
        {t.assignedTo}
      </label>
      <PersonSelect
        id={id}
        className="h-8 w-auto"
        people={staff}
        emptyLabel={t.unassigned}
        value={c.assignedTo ?? ''}
        disabled={c.assign.isPending}
        onValueChange={(value) => c.assign.mutate(value || null)}
      />
      {me && c.assignedTo !== me && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={c.assign.isPending}
          onClick={() => c.assign.mutate(me)}
        >
          <UserCheck aria-hidden="true" />
          {t.assign}
        </Button>
      )}
    </div>
  );
}

export function StaffReplyBar({ conversation: c }: { conversation: StaffConversation }) {
  const channelId = useId();
  const templateId = useId();
  return (
    <div className="grid gap-2 border-t p-3 text-sm sm:px-4" data-testid="staff-reply-bar">
      <AssigneeControl conversation={c} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={channelId} className="font-medium">
          {t.replyBy}
        </label>
        <NativeSelect
          id={channelId}
          className="h-8 w-auto"
          value={c.whatsapp ? 'whatsapp' : 'portal'}
          onChange={(e) => c.setChannel(e.target.value as ReplyChannel)}
        >
          <option value="portal">{t.channelPortal}</option>
          <option value="whatsapp" disabled={!c.whatsappEnabled}>
            {t.channelWhatsapp}
          </option>
        </NativeSelect>
        <span className="ml-auto flex items-center gap-2">
          {c.resolvedAt ? (
            <>
              <span className="flex items-center gap-1 font-medium text-green-800" data-testid="conversation-resolved">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t.resolved}
              </span>
              <Button type="button" variant="outline" size="sm" onClick={() => c.setResolved.mutate(false)}>
                <RotateCcw aria-hidden="true" />
                {t.reopen}
              </Button>
            </>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => c.setResolved.mutate(true)}>
              <CheckCircle2 aria-hidden="true" />
              {t.markResolved}
            </Button>
          )}
        </span>
      </div>
      {!c.whatsappEnabled && <p className="text-muted-foreground">{t.whatsappNoConsent}</p>}
      {c.whatsapp && c.windowOpen && <p className="text-muted-foreground">{t.whatsappWindowOpen}</p>}
      {c.whatsapp && !c.windowOpen && (
        <div className="grid gap-2">
          <p role="note" className="text-amber-800">
            {t.whatsappWindowClosed}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={templateId} className="font-medium">
              {t.template}
            </label>
            <NativeSelect
              id={templateId}
              className="h-8 w-auto"
              value={c.template}
              onChange={(e) => c.setTemplate(e.target.value as ReplyTemplate)}
            >
              {Object.entries(TEMPLATE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      )}
    </div>
  );
}
