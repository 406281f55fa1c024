import { UnderConstruction } from '../../../components/ui/under-construction';

export function AdminBlogPage() {
  return <UnderConstruction title="Gerenciar blog" />;
}
