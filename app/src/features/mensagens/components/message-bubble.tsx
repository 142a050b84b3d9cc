import { Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PendingRequest } from '../api/conversation';
import { attachmentName, type DeliveryStatus, type Message, type MessageChannel } from '../rules';
import { mensagensStrings as t } from '../strings';

const CHANNEL_LABELS: Record<MessageChannel, string> = {
  portal: t.channelPortal,
  whatsapp: t.channelWhatsapp,
  email: t.channelEmail,
};

const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  queued: t.deliveryQueued,
  sent: t.deliverySent,
  delivered: t.deliveryDelivered,
  read: t.deliveryRead,
  failed: t.deliveryFailed,
};

/** Staff: the file a client sent answers one of its pending document requests. */
function AttachToRequest({
  requests,
  onAttach,
}: {
  requests: readonly PendingRequest[];
  onAttach: (requestId: string) => void;
}) {
  const [choice, setChoice] = useState(requests.length === 1 ? requests[0]!.id : '');
  const id = useId();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-border bg-card p-2 text-foreground">
      <label htmlFor={id} className="text-xs font-medium">
        {t.attachToRequest}
      </label>
      <NativeSelect id={id} value={choice} onChange={(e) => setChoice(e.target.value)} className="h-8 w-auto">
        <option value="">{t.attachChoose}</option>
        {requests.map((r) => (
          <option key={r.id} value={r.id}>
            {r.document_name}
          </option>
        ))}
      </NativeSelect>
      <Button type="button" size="sm" disabled={!choice} onClick={() => onAttach(choice)}>
        {t.attach_}
      </Button>
    </div>
  );
}

export interface MessageBubbleProps {
  message: Message;
  /** True when the viewer sent it: shown on the right. */
  own: boolean;
  senderLabel: string;
  onDownload: (path: string) => void;
  /** Staff: pending requests a received file may answer (none: no control). */
  requests?: readonly PendingRequest[];
  onAttach?: (requestId: string) => void;
}

export function MessageBubble({ message, own, senderLabel, onDownload, requests, onAttach }: MessageBubbleProps) {
  const fileName = attachmentName(message.attachment_url);
  const channel = message.channel ?? 'portal';
  const canAttach =
    Boolean(message.document_id) && message.sender_type === 'client' && onAttach && (requests?.length ?? 0) > 0;
  return (
    <li
      className={cn('flex', own ? 'justify-end' : 'justify-start')}
      data-sender={message.sender_type}
      data-own={own}
      data-channel={channel}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-xs sm:max-w-[70%]',
          own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <p
          className={cn(
            'mb-1 flex items-center gap-2 text-xs font-medium',
            own ? 'text-primary-foreground/90' : 'text-muted-foreground',
          )}
        >
          <span>{senderLabel}</span>
          <span
            className={cn(
              'rounded-sm border px-1.5 py-px text-[10px] font-semibold uppercase',
              channel === 'whatsapp' && !own && 'border-green-700 text-green-800',
              own ? 'border-primary-foreground/50' : 'border-border',
            )}
          >
            {CHANNEL_LABELS[channel]}
          </span>
        </p>
        {message.content?.trim() && <p className="break-words whitespace-pre-wrap">{message.content}</p>}
        {message.attachment_url && (
          <button
            type="button"
            onClick={() => onDownload(message.attachment_url!)}
            aria-label={`${t.downloadAttachment}: ${fileName}`}
            className={cn(
              'mt-2 flex max-w-full items-center gap-2 rounded-md border px-2 py-1 text-xs underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              own ? 'border-primary-foreground/40' : 'border-border bg-card',
            )}
          >
            <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{fileName}</span>
          </button>
        )}
        {canAttach && <AttachToRequest requests={requests!} onAttach={onAttach!} />}
        <p className={cn('mt-1 text-right text-[11px]', own ? 'text-primary-foreground/90' : 'text-muted-foreground')}>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          {message.delivery_status && (
            <span data-testid="delivery-status" className="ml-2 font-medium">
              · {DELIVERY_LABELS[message.delivery_status]}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
