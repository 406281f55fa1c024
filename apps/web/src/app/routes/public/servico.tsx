import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { type Servico, servicos } from '../../../features/marketing/servicos';
import { paths } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';

// Rendered to HTML on the server and never hydrated: no state, effects or handlers here. Everything
// must work as plain HTML (the FAQ uses <details>, the CTA is a link).

/** The WhatsApp chat with the firm, with the quote request already typed. */
export function orcamentoHref(whatsapp: string, servico: Pick<Servico, 'nome'>): string {
  const texto = `Olá! Gostaria de solicitar um orçamento de ${servico.nome}.`;
  return `https://wa.me/${whatsapp}?text=${encodeURIComponent(texto)}`;
}

export function servicoMeta(servico: Servico): { title: string; description: string } {
  return { title: servico.titulo, description: servico.descricao };
}

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const h2Class = 'text-2xl font-bold tracking-tight text-slate-900';

export function ServicoPage({ servico }: { servico: Servico }) {
  const { contact } = useSiteInfo();
  const whatsappHref = orcamentoHref(contact.whatsapp, servico);
  const outros = servicos.filter((s) => s.key !== servico.key);

  return (
    <>
      <section aria-labelledby="servico-titulo" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{servico.nome}</p>
          <h1
            id="servico-titulo"
            className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {servico.titulo}
          </h1>
          <div className="mt-6 max-w-3xl space-y-4 text-lg text-slate-700">
            {servico.intro.map((paragrafo) => (
              <p key={paragrafo}>{paragrafo}</p>
            ))}
          </div>
          <div className="mt-10 flex flex-wrap gap-3">
            <WhatsappLink href={whatsappHref} size="lg" />
            <Link to={paths.planos} className={buttonClass('secondary', 'lg')}>
              Ver planos
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:py-16 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-14">
          <section aria-labelledby="servico-abrange">
            <h2 id="servico-abrange" className={h2Class}>
              {servico.secoes.abrange}
            </h2>
            <ul className="mt-6 space-y-3">
              {servico.abrange.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <CheckIcon />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="servico-periodicidade">
            <h2 id="servico-periodicidade" className={h2Class}>
              {servico.secoes.periodicidade}
            </h2>
            <p className="mt-4 text-slate-700">{servico.periodicidade.texto}</p>
            {servico.periodicidade.itens.length > 0 && (
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {servico.periodicidade.itens.map((item) => (
                  <li key={item} className="px-4 py-3 text-slate-800">
                    {item}
                  </li>
                ))}
              </ul>
            )}
            {servico.periodicidade.nota && (
              <p className="mt-4 text-sm text-slate-700">{servico.periodicidade.nota}</p>
            )}
          </section>

          <section aria-labelledby="servico-entregaveis">
            <h2 id="servico-entregaveis" className={h2Class}>
              {servico.secoes.entregaveis}
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {servico.entregaveis.map((item) => (
                <li
                  key={item}
                  className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200"
                >
                  {item}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="servico-como-solicitar">
            <h2 id="servico-como-solicitar" className={h2Class}>
              Como solicitar
            </h2>
            <ol className="mt-6 space-y-5">
              {servico.comoSolicitar.map((passo, index) => (
                <li key={passo.titulo} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{passo.titulo}</h3>
                    <p className="mt-1 text-slate-700">{passo.texto}</p>
                  </div>
                </li>
              ))}
            </ol>
            <div className="mt-8 rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
              <p className="text-slate-800">
                Fale com a nossa equipe pelo WhatsApp ou escreva para{' '}
                <a href={`mailto:${contact.email}`} className={`break-all ${linkClass}`}>
                  {contact.email}
                </a>
                .
              </p>
              <div className="mt-4">
                <WhatsappLink href={whatsappHref} size="md" />
              </div>
            </div>
          </section>

          <section aria-labelledby="servico-perguntas">
            <h2 id="servico-perguntas" className={h2Class}>
              Perguntas frequentes
            </h2>
            <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {servico.perguntas.map((item) => (
                <details key={item.pergunta} className="group px-4">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                    {item.pergunta}
                    <svg
                      viewBox="0 0 20 20"
                      aria-hidden="true"
                      className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                      fill="currentColor"
                    >
                      <path
                        fillRule="evenodd"
                        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
                        clipRule="evenodd"
                      />
                    </svg>
                  </summary>
                  <p className="pb-4 text-slate-700">{item.resposta}</p>
                </details>
              ))}
            </div>
          </section>
        </div>

        <div className="space-y-8">
          <section
            aria-labelledby="servico-normas"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="servico-normas" className="text-lg font-semibold text-slate-900">
              Normas de referência
            </h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              {servico.normas.map((norma) => (
                <li key={norma}>{norma}</li>
              ))}
            </ul>
          </section>

          <nav aria-labelledby="servico-outros" className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
            <h2 id="servico-outros" className="text-lg font-semibold text-slate-900">
              Outros serviços
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {outros.map((outro) => (
                <li key={outro.key}>
                  <Link to={outro.path} className={linkClass}>
                    {outro.nome}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}

function WhatsappLink({ href, size }: { href: string; size: 'md' | 'lg' }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', size)}>
      Solicitar orçamento <span className="sr-only">(abre o WhatsApp em nova aba)</span>
    </a>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="mt-0.5 size-5 shrink-0 text-brand-700"
      fill="currentColor"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
