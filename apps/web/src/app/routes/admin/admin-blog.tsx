import { useAuth } from '../../../features/auth';
import { BlogAdmin } from '../../../features/blog/components/blog-admin';
import { useDocumentTitle } from '../../../lib/document-title';

/** /admin/blog: write, publish and remove the blog's posts (behind the admin guard). */
export function AdminBlogPage() {
  useDocumentTitle('Gerenciar blog');
  const { user } = useAuth();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Gerenciar blog</h1>
      <p className="mt-2 text-slate-700">
        Escreva os posts do blog, adicione a capa e publique quando estiverem prontos.
      </p>
      <div className="mt-6">
        <BlogAdmin autorPadrao={user?.nome ?? ''} />
      </div>
    </div>
  );
}
