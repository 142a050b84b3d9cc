/** Integrações (administrators, development stacks only): "Simular mensagem recebida" posts a signed WhatsApp event
 *  to the webhook through the whatsapp-simulator function, so the conversation can be tried without Meta. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { env } from '@/config/env';
import { invalidateTables } from '@/lib/data-keys';
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { integracoesStrings as t } from '../strings';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

async function invoke<T>(method: 'GET' | 'POST', body?: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>('whatsapp-simulator', { method, body });
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const payload = (await context
        .clone()
        .json()
        .catch(() => null)) as { message?: string } | null;
      if (payload?.message) throw new Error(payload.message);
    }
    throw new Error(errorMessage(error));
  }
  return data as T;
}

function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',', 2)[1] ?? '');
    reader.onerror = () => reject(reader.error ?? new Error(t.simulatorError));
    reader.readAsDataURL(file);
  });
}

/** Shown only where the function answers (development); a production stack answers 404 and the card stays away. */
export function WhatsAppSimulatorCard() {
  const { data } = useQuery({
    queryKey: ['integrations', 'whatsapp-simulator'],
    queryFn: () => invoke<{ available: boolean; configured: boolean }>('GET'),
    retry: false,
    meta: { silent: true },
  });
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const simulate = useMutation({
    mutationFn: async () =>
      invoke('POST', {
        from,
        name,
        text,
        ...(file ? { file: await base64(file), mimeType: file.type, fileName: file.name } : {}),
      }),
    onSuccess: () => {
      toast.success(t.simulatorSent);
      // what the webhook wrote: the conversation, a lead, the stored file and the request it answered
      void invalidateTables(queryClient, [
        'messages',
        'conversations',
        'leads',
        'client_documents',
        'document_requests',
      ]);
      setText('');
      setFile(null);
    },
    onError: (error) => toast.error(errorMessage(error, t.simulatorError)),
  });
  if (!data?.available) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    simulate.mutate();
  };
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <MessageCircle className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{t.simulatorTitle}</h2>
          <CardDescription>{t.simulatorDescription}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {!data.configured ? (
          <CardDescription>{t.simulatorNotConfigured}</CardDescription>
        ) : (
          <form className="grid gap-3" onSubmit={submit}>
            <FormField label={t.simulatorFrom}>
              <Input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="+5511912345678" required />
            </FormField>
            <FormField label={t.simulatorName}>
              <Input value={name} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <FormField label={t.simulatorText}>
              <Textarea value={text} onChange={(e) => setText(e.target.value)} />
            </FormField>
            <FormField label={t.simulatorFile}>
              <Input type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </FormField>
            <p className="text-xs text-muted-foreground">
              {t.simulatorGraphHint} {env.SUPABASE_URL.replace(/\/$/, '')}/functions/v1/whatsapp-simulator/graph
            </p>
            <Button type="submit" disabled={simulate.isPending || !from.trim() || (!text.trim() && !file)}>
              {simulate.isPending ? t.simulatorSending : t.simulatorSubmit}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
