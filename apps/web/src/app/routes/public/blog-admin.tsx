import { UnderConstruction } from '../../../components/ui/under-construction';

export function BlogAdminPage() {
  return (
    <UnderConstruction title="Administração do blog" description="Publicação e edição dos artigos do blog." />
  );
}
