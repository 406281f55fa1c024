import { Link } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';
import { paths } from '../../paths';

export function BlogPostPage() {
  return (
    <UnderConstruction title="Artigo do blog">
      <p className="mt-6">
        <Link
          to={paths.blog}
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Ver todos os artigos
        </Link>
      </p>
    </UnderConstruction>
  );
}
