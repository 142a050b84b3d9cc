import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { canSendMessage } from '../rules';
import { mensagensStrings as t } from '../strings';

export interface MessageComposerProps {
  /** Sends; resolves true when the message was stored (the composer then clears). */
  onSend: (input: { text: string; file: File | null }) => Promise<boolean>;
  sending: boolean;
  /** False when the channel carries text only (a WhatsApp reply): no attach control. */
  allowAttach?: boolean;
}

/** Text area (min 100px), file attach control and send button (enabled with text or an attachment). */
export function MessageComposer({ onSend, sending, allowAttach = true }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const fileId = useId();
  const enabled = canSendMessage(text, allowAttach ? file : null) && !sending;

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!enabled) return;
    const ok = await onSend({ text, file: allowAttach ? file : null });
    if (ok) {
      setText('');
      clearFile();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2 border-t p-3 sm:p-4">
      <Label htmlFor={textId} className="sr-only">
        {t.messageLabel}
      </Label>
      <Textarea
        id={textId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t.placeholder}
        className="min-h-[100px] resize-y"
        disabled={sending}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className={allowAttach ? 'flex min-w-0 items-center gap-2' : 'hidden'}>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            className="sr-only"
            aria-label={t.attach}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            disabled={sending}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={sending}
          >
            <Paperclip aria-hidden="true" />
            {t.attach}
          </Button>
          {file && (
            <span
              className="flex min-w-0 items-center gap-1 rounded-md bg-muted px-2 py-1 text-xs"
              data-testid="selected-attachment"
            >
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                onClick={clearFile}
                aria-label={t.removeAttachment}
                className="rounded-sm p-0.5 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          )}
        </div>
        <Button type="submit" disabled={!enabled} className="sm:w-auto">
          <Send aria-hidden="true" />
          {sending ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}
