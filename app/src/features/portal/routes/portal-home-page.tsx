import { PageHeader } from '@/components/page-header';

// Placeholder: the owner of this screen replaces it (spec section 2).
export default function PortalHomePage() {
  return <PageHeader title="Início" />;
}
