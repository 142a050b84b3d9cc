/** Integrações > WhatsApp Business: the Cloud API settings (token and app secret stored encrypted). */
import { Loader2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useSaveWhatsAppSetting, type WhatsAppSetting } from '../api/whatsapp-setting';
import { whatsAppSettingToSave } from '../schemas';
import { integracoesStrings as t } from '../strings';

const EMPTY: WhatsAppSetting = {
  phoneNumberId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  templateName: '',
  languageCode: 'pt_BR',
  apiBaseUrl: '',
  apiVersion: '',
};

export function WhatsAppConfigDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stored setting; its secrets arrive masked and, sent back unchanged, keep the stored ones. */
  current: Partial<WhatsAppSetting> | null | undefined;
}) {
  // Filled again when the dialog opens, and once more if the stored setting arrives while it is open.
  const { values, setValues } = useDialogForm<WhatsAppSetting>(open ? (current ? 'stored' : 'none') : null, () => ({
    ...EMPTY,
    ...(current ?? {}),
  }));
  const save = useSaveWhatsAppSetting();

  const field = (name: keyof WhatsAppSetting) => ({
    value: values[name] ?? '',
    onChange: (event: { target: { value: string } }) => setValues((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = whatsAppSettingToSave(values);
    if (!value) {
      toast.error('Todos os campos obrigatórios devem ser preenchidos');
      return;
    }
    save.mutate(value, {
      onSuccess: () => {
        toast.success(t.whatsappSaved);
        onOpenChange(false);
      },
      onError: (error) => toast.error(t.whatsappSaveFailed, { description: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.whatsappTitle}</DialogTitle>
          <DialogDescription>{t.whatsappDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" noValidate onSubmit={onSubmit}>
          <FormField label="ID do número de telefone">
            <Input autoComplete="off" spellCheck={false} {...field('phoneNumberId')} />
          </FormField>
          <FormField label="Token de acesso">
            <Input type="password" autoComplete="new-password" {...field('accessToken')} />
          </FormField>
          <FormField label="Segredo do app (assinatura dos webhooks)">
            <Input type="password" autoComplete="new-password" {...field('appSecret')} />
          </FormField>
          <FormField label="Token de verificação do webhook">
            <Input type="password" autoComplete="new-password" {...field('verifyToken')} />
          </FormField>
          <FormField label="Nome do modelo aprovado">
            <Input autoComplete="off" spellCheck={false} placeholder="atualizacao_caso" {...field('templateName')} />
          </FormField>
          <FormField label="Idioma do modelo">
            <Input autoComplete="off" spellCheck={false} {...field('languageCode')} />
          </FormField>
          <FormField label="URL da API (opcional)">
            <Input
              autoComplete="off"
              spellCheck={false}
              placeholder="https://graph.facebook.com"
              {...field('apiBaseUrl')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
