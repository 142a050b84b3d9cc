/** /perfil (Meu Perfil; Logotipo in the sidebar): the user's name and the office branding. */
import { PageHeader } from '@/components/page-header';
import { BrandingCard } from '../components/branding-card';
import { ProfileCard } from '../components/profile-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { perfilStrings as t } from '../strings';

export default function PerfilPage() {
  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <ProfileCard />
        <BrandingCard />
        <TwoFactorCard />
      </div>
    </div>
  );
}
