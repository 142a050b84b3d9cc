import { Paperclip } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { attachmentName, type Message } from '../rules';
import { mensagensStrings as t } from '../strings';

export interface MessageBubbleProps {
  message: Message;
  /** True when the viewer sent it: shown on the right. */
  own: boolean;
  senderLabel: string;
  onDownload: (path: string) => void;
}

export function MessageBubble({ message, own, senderLabel, onDownload }: MessageBubbleProps) {
  const fileName = attachmentName(message.attachment_url);
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')} data-sender={message.sender_type} data-own={own}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-xs sm:max-w-[70%]',
          own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <p className={cn('mb-1 text-xs font-medium', own ? 'text-primary-foreground/90' : 'text-muted-foreground')}>
          {senderLabel}
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
        <p className={cn('mt-1 text-right text-[11px]', own ? 'text-primary-foreground/90' : 'text-muted-foreground')}>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </p>
      </div>
    </li>
  );
}
