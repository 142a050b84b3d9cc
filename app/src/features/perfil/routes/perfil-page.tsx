/** /perfil (Meu Perfil; Logotipo in the sidebar): the user's name, password, two-step verification and, for administrators, the way to the office settings. */
import { ChangePasswordCard } from '@/components/change-password-card';
import { PageHeader } from '@/components/page-header';
import { OfficeSettingsNote } from '../components/office-settings-note';
import { ProfileCard } from '../components/profile-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { perfilStrings as t } from '../strings';

export default function PerfilPage() {
  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <ProfileCard />
        <OfficeSettingsNote />
        <TwoFactorCard />
        <ChangePasswordCard />
      </div>
    </div>
  );
}
