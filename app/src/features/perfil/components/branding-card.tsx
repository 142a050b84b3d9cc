/** Company logo and name of the shell (kept in this browser's localStorage through setBranding). */
import { ImageUp, Landmark, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DEFAULT_COMPANY_NAME, setBranding, useBranding } from '@/lib/branding';
import { cn } from '@/lib/utils';
import { logoFileProblem } from '../schemas';
import { perfilStrings as t } from '../strings';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function BrandingCard() {
  const branding = useBranding();
  const [name, setName] = useState(branding.name);
  const [logo, setLogo] = useState<string | null>(branding.logo);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setName(branding.name);
    setLogo(branding.logo);
  }, [branding.name, branding.logo]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      toast.error(problem);
      event.target.value = '';
      return;
    }
    try {
      setLogo(await readAsDataUrl(file));
    } catch {
      toast.error(t.logoReadError);
    }
  };

  const removeLogo = () => {
    setLogo(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    try {
      setBranding({ name: name.trim() || null, logo });
      toast.success(t.brandingSaved);
    } catch {
      // localStorage full or unavailable
      toast.error(t.logoTooLarge);
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">{t.brandingTitle}</h2>
        <CardDescription>{t.brandingDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <FormField label={t.companyName}>
            <Input value={name} placeholder={DEFAULT_COMPANY_NAME} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
              {logo ? (
                <img src={logo} alt={t.logoPreview} className="size-full object-contain" />
              ) : (
                <Landmark className="size-10 text-muted-foreground" role="img" aria-label={t.noLogo} />
              )}
            </div>
            <div className="grid flex-1 gap-2">
              <span className="text-sm font-medium">{t.logo}</span>
              {/* The native file control reads in the browser's language; a labelled button reads in Portuguese. */}
              <input
                ref={fileInput}
                id="company-logo-file"
                type="file"
                accept="image/*"
                className="peer sr-only"
                aria-label={t.logo}
                aria-describedby="company-logo-hint"
                onChange={onFile}
              />
              <label
                htmlFor="company-logo-file"
                className={cn(
                  buttonVariants({ variant: 'outline' }),
                  'w-fit cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
                )}
              >
                <Upload aria-hidden="true" />
                {t.chooseLogo}
              </label>
              <p id="company-logo-hint" className="text-xs text-muted-foreground">
                {t.logoHint}
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit">
              <ImageUp aria-hidden="true" />
              {t.saveBranding}
            </Button>
            {logo && (
              <Button type="button" variant="outline" onClick={removeLogo}>
                <Trash2 aria-hidden="true" />
                {t.removeLogo}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
