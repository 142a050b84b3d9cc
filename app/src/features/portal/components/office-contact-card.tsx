/** "Fale com o escritório": how the client reaches the office (address, phone, e-mail, website), from
 * office_contact(). Nothing stored, or the details not readable: no card. */
import { Globe, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOfficeContact } from '../api/office-contact';
import { addressLines, hasContact, phoneHref, websiteHref, websiteLabel } from '../rules/office-contact';
import { portalStrings as t } from '../strings';

const LINK = 'font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

// A definition list's groups hold only <dt> and <dd> (screen readers announce "Telefone: ..."): the icon sits inside
// the <dt>, next to its label.
function ContactLine({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-2 text-xs text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="pl-6 text-sm break-words">{children}</dd>
    </div>
  );
}

export function OfficeContactCard({ className }: { className?: string }) {
  const { data: contact } = useOfficeContact();
  if (!hasContact(contact)) return null;
  const address = addressLines(contact);

  return (
    <Card className={className} data-testid="office-contact">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t.contactTitle}
        </CardTitle>
        <CardDescription>{contact.office_name ? t.contactDescription(contact.office_name) : null}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {contact.phone && (
            <ContactLine icon={Phone} label={t.contactPhone}>
              <a className={LINK} href={phoneHref(contact.phone)}>
                {contact.phone}
              </a>
            </ContactLine>
          )}
          {contact.email && (
            <ContactLine icon={Mail} label={t.contactEmail}>
              <a className={LINK} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </ContactLine>
          )}
          {address.length > 0 && (
            <ContactLine icon={MapPin} label={t.contactAddress}>
              <address className="not-italic">
                {address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </ContactLine>
          )}
          {contact.website && (
            <ContactLine icon={Globe} label={t.contactWebsite}>
              <a className={LINK} href={websiteHref(contact.website)} target="_blank" rel="noopener noreferrer">
                {websiteLabel(contact.website)}
              </a>
            </ContactLine>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
