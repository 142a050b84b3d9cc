import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Mounted once in main.tsx. Show toasts with `import { toast } from 'sonner'`: toast.success('...'), toast.error('...'). */
export function Toaster(props: ToasterProps) {
  return <Sonner position="top-right" richColors closeButton theme="light" {...props} />;
}
