import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ServicoList } from '../../../features/marketing/components/servico-list';
import { VencimentosPreview } from '../../../features/marketing/components/vencimentos-preview';
import { paths, servicoPaths } from '../../../lib/paths';

const passos = [
  {
    titulo: 'Inspeção em campo',
    texto: 'Engenheiros habilitados inspecionam vasos de pressão, máquinas e elevadores.',
  },
  {
    titulo: 'Laudo no portal',
    texto: 'Cada laudo fica disponível na área do cliente, com a data de vencimento.',
  },
  {
    titulo: 'Aviso antes de vencer',
    texto: 'Você recebe lembretes por e-mail antes e depois de cada vencimento.',
  },
] as const;

export const homeMeta = {
  title: 'Laudos técnicos e inspeções NR-13, NR-12 e de elevadores',
  description:
    'Inspeções NR-13, NR-12 e de elevadores feitas por engenheiros habilitados, com todos os laudos em um portal e aviso por e-mail antes de cada vencimento.',
};

export function HomePage() {
  return (
    <>
      <section aria-labelledby="home-titulo" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1fr_22rem]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Engenharia de inspeção
            </p>
            <h1
              id="home-titulo"
              className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
            >
              Laudos técnicos e inspeções <span className="whitespace-nowrap">NR-13</span>,{' '}
              <span className="whitespace-nowrap">NR-12</span> e de elevadores
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-700">
              Inspeções feitas por engenheiros habilitados e todos os seus laudos em um só lugar, com aviso
              por e-mail antes de cada vencimento.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to={servicoPaths.laudos} className={buttonClass('primary', 'lg')}>
                Nossos serviços
              </Link>
              <Link to={paths.login} className={buttonClass('secondary', 'lg')}>
                Entrar
              </Link>
            </div>
          </div>
          <div className="hidden lg:block">
            <VencimentosPreview />
          </div>
        </div>
      </section>

      <section aria-labelledby="home-servicos" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="home-servicos" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          O que fazemos
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          Inspeções, laudos e consultoria conforme as normas regulamentadoras.
        </p>
        <div className="mt-8">
          <ServicoList />
        </div>
      </section>

      <section aria-labelledby="home-como-funciona" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h2
            id="home-como-funciona"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Como funciona
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-3">
            {passos.map((passo, index) => (
              <li key={passo.titulo} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{passo.titulo}</h3>
                <p className="mt-2 text-sm text-slate-700">{passo.texto}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
