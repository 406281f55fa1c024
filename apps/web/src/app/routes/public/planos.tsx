import type { PlanoPublico } from '@laudos/domain';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { whatsappUrl } from '../../../features/chat/chat-widget';
import { oQueORecursoFaz, recursosDoPlano } from '../../../features/planos/api/plano';
import { formatBRL } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';

export const planosMeta = {
  title: 'Planos',
  description:
    'Compare os planos do portal de laudos: quantidade de laudos e usuários, lembretes de vencimento por e-mail, suporte e exportação de dados.',
};

function limite(valor: number, singular: string, plural: string): string {
  return `Até ${valor.toLocaleString('pt-BR')} ${valor === 1 ? singular : plural}`;
}

/** The active plans, cheapest first (the server orders them by preço). */
export function PlanosPage({ planos }: { planos: readonly PlanoPublico[] }) {
  const { contact } = useSiteInfo();
  return (
    <>
      <section aria-labelledby="planos-titulo" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:py-20">
          <h1 id="planos-titulo" className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Planos
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Todos os planos guardam seus laudos com a data de vencimento e avisam antes de cada prazo. Escolha
            pelo número de laudos e de usuários da sua empresa.
          </p>
        </div>
      </section>
      <section aria-label="Planos disponíveis" className="mx-auto max-w-6xl px-4 pb-16">
        {planos.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
            Nenhum plano disponível no momento. Fale conosco pelo WhatsApp para uma proposta.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {planos.map((plano) => {
              const gratis = plano.preco === 0;
              return (
                <li
                  key={plano.id}
                  className={`relative flex flex-col rounded-2xl bg-white p-6 ${
                    plano.recomendado
                      ? 'border-2 border-brand-700 shadow-lg ring-4 ring-brand-100'
                      : 'border border-slate-200 shadow-sm'
                  }`}
                >
                  {/* The label is part of the plan's heading, so a screen reader going through the
                      headings hears "Profissional, recomendado" and not only a visual badge. */}
                  <h2 className="text-xl font-bold text-slate-900">
                    {plano.nome}
                    {plano.recomendado ? (
                      <>
                        <span className="sr-only">, </span>
                        <span className="absolute -top-3.5 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase shadow-sm">
                          Recomendado
                        </span>
                      </>
                    ) : null}
                  </h2>
                  {plano.descricao && <p className="mt-2 text-sm text-slate-700">{plano.descricao}</p>}
                  <p className="mt-5">
                    <span className="text-3xl font-bold tracking-tight text-slate-900">
                      {gratis ? 'Grátis' : formatBRL(plano.preco)}
                    </span>
                    {!gratis && <span className="text-sm text-slate-700"> por mês</span>}
                  </p>
                  <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-800">
                    <li className="flex gap-2">
                      <Check />
                      {limite(plano.recursos.maxLaudos, 'laudo', 'laudos')}
                    </li>
                    <li className="flex gap-2">
                      <Check />
                      {limite(plano.recursos.maxUsuarios, 'usuário', 'usuários')}
                    </li>
                    {recursosDoPlano.map(([key, label]) =>
                      plano.recursos[key] ? (
                        <li key={key} className="flex gap-2">
                          <Check />
                          {label}
                        </li>
                      ) : (
                        <li key={key} className="flex gap-2 text-slate-600">
                          <Dash />
                          <span>
                            <span className="sr-only">Não inclui: </span>
                            {label}
                          </span>
                        </li>
                      ),
                    )}
                  </ul>
                  <div className="mt-8">
                    {gratis ? (
                      <Link to={paths.register} className={`${buttonClass('primary')} w-full`}>
                        Criar conta grátis
                      </Link>
                    ) : (
                      <a
                        href={whatsappUrl(contact.whatsapp, `Tenho interesse no plano ${plano.nome}.`)}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={`${buttonClass('primary')} w-full`}
                      >
                        Contratar o plano {plano.nome}
                        <span className="sr-only"> (abre o WhatsApp em uma nova aba)</span>
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <RecursosExplicados planos={planos} />
        <p className="mt-10 text-center text-slate-700">
          Já é cliente?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 underline underline-offset-4">
            Entre na área do cliente
          </Link>
        </p>
      </section>
    </>
  );
}

/** What the limits and each feature sold by at least one plan mean, as the product does them today. */
function RecursosExplicados({ planos }: { planos: readonly PlanoPublico[] }) {
  if (planos.length === 0) return null;
  const vendidos = recursosDoPlano.filter(([key]) => planos.some((plano) => plano.recursos[key]));
  return (
    <section aria-labelledby="recursos-titulo" className="mx-auto mt-14 max-w-3xl">
      <h2 id="recursos-titulo" className="text-2xl font-bold tracking-tight text-slate-900">
        O que cada item inclui
      </h2>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        <div className="p-4 sm:p-5">
          <dt className="font-semibold text-slate-900">Laudos e usuários</dt>
          <dd className="mt-1 text-sm text-slate-700">
            Quantos laudos a sua empresa guarda no portal, cada um com seus arquivos e a data de vencimento, e
            quantas pessoas da equipe entram com o próprio acesso. O gestor convida os colegas por e-mail.
          </dd>
        </div>
        {vendidos.map(([key, label]) => (
          <div key={key} className="p-4 sm:p-5">
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="mt-1 text-sm text-slate-700">{oQueORecursoFaz[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Check() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-brand-700">
      <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9-9-1.1-1.1z" />
    </svg>
  );
}

function Dash() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-slate-400">
      <rect x="4" y="9" width="12" height="2" rx="1" />
    </svg>
  );
}
