import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirectDocument } from 'react-router';
import { DefaultPlaceholder } from '../components/loading';
import { servicos } from '../features/marketing/servicos';
import { paths } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RootErrorBoundary } from './routes/root-error';
import { ServerPageUnavailable } from './routes/server-page-unavailable';

/*
 * Spec section 2. Every page is loaded on demand, so the public site never downloads the client or
 * admin areas. On the first load the router shows the route's HydrateFallback placeholder until
 * the page's code arrives; on later navigations the current page stays while a bar shows progress.
 */

/*
 * The function form of `lazy` on purpose: React Router empties the object form's fields once loaded,
 * so one lazy object shared by two paths (/blog and /blogs) would break the second. The page is named
 * by its export, which compiles to less code in the shell than `(await import(...)).Page`.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

// The guards arrive with the session code, only for the routes that need it (see guards.tsx).
function guard(name: 'WithAuth' | 'GuestOnly' | 'RequireUser' | 'RequireAdmin'): RouteObject['lazy'] {
  return page(() => import('./guards'), name);
}

// The spec keeps the blog admin outside the route guards (section 2); the page checks the session.
const blogAdmin: RouteObject = {
  HydrateFallback: DefaultPlaceholder,
  lazy: page(() => import('./routes/public/blog-admin'), 'BlogAdminPage'),
};

/*
 * The public site is rendered by the server (entry-server.tsx, decision 009): a link from the app
 * to one of its pages loads that page from the server instead of rendering it here.
 */
const serverRendered = {
  HydrateFallback: DefaultPlaceholder,
  loader: ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    // Already on that address: the app itself was sent for a public page (a dev server without
    // the API server behind it). Reloading would loop; say what is wrong instead.
    if (`${window.location.pathname}${window.location.search}` === target) return null;
    return redirectDocument(target);
  },
  Component: ServerPageUnavailable,
};

const publicRoutes: RouteObject[] = [
  { index: true, ...serverRendered },
  ...[
    paths.blog,
    paths.blogs,
    paths.blogPost,
    paths.blogsPost,
    paths.planos,
    paths.terms,
    paths.privacy,
    ...servicos.map((s) => s.path),
  ].map((path): RouteObject => ({ path, ...serverRendered })),
  { path: paths.blogAdmin, ...blogAdmin },
  { path: paths.blogAdminPanel, ...blogAdmin },
];

const guestRoutes: RouteObject[] = [
  {
    path: paths.login,
    lazy: page(() => import('./routes/guest/login'), 'LoginPage'),
  },
  {
    path: paths.register,
    lazy: page(() => import('./routes/guest/register'), 'RegisterPage'),
  },
  {
    path: paths.forgotPassword,
    lazy: page(() => import('./routes/guest/forgot-password'), 'ForgotPasswordPage'),
  },
  // Linked from the password-recovery e-mail: {origin}/reset-password?token=...
  {
    path: paths.resetPassword,
    lazy: page(() => import('./routes/guest/reset-password'), 'ResetPasswordPage'),
  },
].map((route) => ({ ...route, HydrateFallback: DefaultPlaceholder }));

const clientRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    lazy: page(() => import('./routes/client/dashboard'), 'DashboardPage'),
  },
  {
    path: paths.novoLaudo,
    lazy: page(() => import('./routes/client/novo-laudo'), 'NovoLaudoPage'),
  },
  {
    path: paths.vencimentos,
    lazy: page(() => import('./routes/client/vencimentos'), 'VencimentosPage'),
  },
  {
    path: paths.documentos,
    lazy: page(() => import('./routes/client/documentos'), 'DocumentosPage'),
  },
  {
    path: paths.notificacoes,
    lazy: page(() => import('./routes/client/notificacoes'), 'NotificacoesPage'),
  },
  {
    path: paths.minhaEmpresa,
    lazy: page(() => import('./routes/client/minha-empresa'), 'MinhaEmpresaPage'),
  },
  {
    path: paths.suporte,
    lazy: page(() => import('./routes/client/suporte'), 'SuportePage'),
  },
  {
    path: paths.suporteChamado,
    lazy: page(() => import('./routes/client/suporte'), 'SuporteChamadoPage'),
  },
  {
    path: paths.avisos,
    lazy: page(() => import('./routes/client/avisos'), 'AvisosPage'),
  },
  {
    path: paths.renovacoes,
    lazy: page(() => import('./routes/client/renovacoes'), 'RenovacoesPage'),
  },
];

const adminRoutes: RouteObject[] = [
  {
    path: paths.admin,
    lazy: page(() => import('./routes/admin/admin-home'), 'AdminHomePage'),
  },
  {
    path: paths.adminBlog,
    lazy: page(() => import('./routes/admin/admin-blog'), 'AdminBlogPage'),
  },
  {
    path: paths.adminEmailNotifications,
    lazy: page(() => import('./routes/admin/email-notifications'), 'EmailNotificationsPage'),
  },
  {
    path: paths.adminEmailTemplates,
    lazy: page(() => import('./routes/admin/email-templates'), 'EmailTemplatesPage'),
  },
  {
    path: paths.adminEmpresa,
    lazy: page(() => import('./routes/admin/empresa'), 'AdminEmpresaPage'),
  },
  {
    path: paths.adminSuporte,
    lazy: page(() => import('./routes/admin/suporte'), 'AdminSuportePage'),
  },
  {
    path: paths.adminSuporteChamado,
    lazy: page(() => import('./routes/admin/suporte'), 'AdminSuporteChamadoPage'),
  },
  {
    path: paths.adminAvisos,
    lazy: page(() => import('./routes/admin/avisos'), 'AdminAvisosPage'),
  },
  {
    path: paths.adminRenovacoes,
    lazy: page(() => import('./routes/admin/renovacoes'), 'AdminRenovacoesPage'),
  },
  {
    path: paths.adminAuditoria,
    lazy: page(() => import('./routes/admin/auditoria'), 'AdminAuditoriaPage'),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        Component: PublicLayout,
        children: [
          ...publicRoutes,
          {
            HydrateFallback: DefaultPlaceholder,
            lazy: guard('WithAuth'),
            children: [
              { lazy: guard('GuestOnly'), children: guestRoutes },
              // Linked from the sign-up e-mail: works signed in (then opens /dashboard) or not.
              {
                path: paths.confirmarEmail,
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./routes/guest/confirmar-email'), 'ConfirmarEmailPage'),
              },
              // Linked from the invitation e-mail: public; someone signed in is asked to sign out first.
              {
                path: paths.convite,
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./routes/guest/convite'), 'ConvitePage'),
              },
              // Linked from every reminder e-mail (issue 19): the signed link is enough, signed in or not.
              {
                path: paths.lembrete,
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./routes/guest/lembrete'), 'LembretePage'),
              },
              // Linked from the footer of every non-transactional e-mail (issue 20): the signed link is enough.
              {
                path: paths.descadastro,
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./routes/guest/descadastro'), 'DescadastroPage'),
              },
              {
                lazy: guard('RequireUser'),
                children: [
                  // Open to users on their first access, who must change the temporary password.
                  {
                    path: paths.changePassword,
                    HydrateFallback: DefaultPlaceholder,
                    lazy: page(() => import('./routes/account/change-password'), 'ChangePasswordPage'),
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        HydrateFallback: DefaultPlaceholder,
        lazy: guard('WithAuth'),
        children: [
          {
            lazy: guard('RequireUser'),
            children: [
              {
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./layouts/client-layout'), 'ClientLayout'),
                children: clientRoutes,
              },
              {
                HydrateFallback: DefaultPlaceholder,
                lazy: page(() => import('./layouts/account-layout'), 'AccountLayout'),
                children: [
                  {
                    path: paths.conta,
                    lazy: page(() => import('./routes/account/conta'), 'ContaPage'),
                  },
                  {
                    path: paths.preferencias,
                    lazy: page(() => import('./routes/account/preferencias'), 'PreferenciasPage'),
                  },
                  {
                    path: paths.laudo,
                    lazy: page(() => import('./routes/account/laudo'), 'LaudoPage'),
                  },
                  {
                    path: paths.importarLaudos,
                    lazy: page(() => import('./routes/account/importar-laudos'), 'ImportarLaudosPage'),
                  },
                  // The NR-13 equipment (issue 23): a client's company's, every company's for an admin.
                  {
                    path: paths.equipamentos,
                    lazy: page(() => import('./routes/account/equipamentos'), 'EquipamentosPage'),
                  },
                  {
                    path: paths.novoEquipamento,
                    lazy: page(() => import('./routes/account/equipamentos'), 'NovoEquipamentoPage'),
                  },
                  {
                    path: paths.importarEquipamentos,
                    lazy: page(() => import('./routes/account/equipamentos'), 'ImportarEquipamentosPage'),
                  },
                  {
                    path: paths.equipamento,
                    lazy: page(() => import('./routes/account/equipamentos'), 'EquipamentoPage'),
                  },
                  {
                    path: paths.editarEquipamento,
                    lazy: page(() => import('./routes/account/equipamentos'), 'EditarEquipamentoPage'),
                  },
                ],
              },
              {
                lazy: guard('RequireAdmin'),
                children: [
                  {
                    HydrateFallback: DefaultPlaceholder,
                    lazy: page(() => import('./layouts/admin-layout'), 'AdminLayout'),
                    children: adminRoutes,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
