import { UnderConstruction } from '../../../components/ui/under-construction';

export function BlogListPage() {
  return (
    <UnderConstruction
      title="Blog"
      description="Artigos sobre inspeções, normas regulamentadoras e segurança."
    />
  );
}
