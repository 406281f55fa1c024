import type { ReactNode } from 'react';
import { type SiteInfo, useSiteInfo } from '../../../lib/site-info';

// /terms and /privacy render this same page. It is rendered to HTML on the server and never
// hydrated: the table of contents is plain anchor links.

export const termsMeta = {
  title: 'Termos de uso e política de privacidade',
  description:
    'Termos de uso do portal de laudos e política de privacidade conforme a LGPD: dados tratados, finalidades, compartilhamento e direitos do titular.',
};

const ULTIMA_ATUALIZACAO = { iso: '2026-11-21', texto: '21 de novembro de 2026' } as const;

type Secao = { id: string; titulo: string; conteudo: ReactNode };
type Parte = { id: string; titulo: string; secoes: Secao[] };

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const listClass = 'list-disc space-y-2 pl-6';

function Email({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={`break-all ${linkClass}`}>
      {email}
    </a>
  );
}

function termosDeUso({ companyName, contact }: SiteInfo): Secao[] {
  return [
    {
      id: 'termos-servico',
      titulo: 'O serviço',
      conteudo: (
        <>
          <p>
            {companyName} mantém este site e um portal na internet em que os clientes consultam e baixam os
            laudos técnicos e relatórios de inspeção emitidos para eles, cadastram outros laudos, acompanham
            as datas de vencimento e recebem lembretes por e-mail antes e depois de cada vencimento.
          </p>
          <p>
            Ao criar uma conta ou usar o portal, você concorda com estes termos. Os serviços de engenharia
            (inspeções, laudos e consultoria) e as condições comerciais do portal (plano, limites e preço) são
            contratados à parte, por proposta ou contrato, que prevalecem sobre estes termos no que tratarem
            de forma específica.
          </p>
        </>
      ),
    },
    {
      id: 'termos-conta',
      titulo: 'Conta e credenciais',
      conteudo: (
        <>
          <p>
            Cada conta é pessoal e pertence a um usuário de uma empresa cliente. A empresa cliente responde
            pelos usuários que indicar e deve pedir a desativação de quem deixar de ter acesso.
          </p>
          <p>
            Guarde sua senha em sigilo e não a compartilhe. Recomendamos ativar a verificação em duas etapas
            na página da sua conta. Se suspeitar de acesso indevido, troque a senha e nos avise em{' '}
            <Email email={contact.email} />. Podemos suspender uma conta com sinais de uso indevido, avisando
            o cliente.
          </p>
        </>
      ),
    },
    {
      id: 'termos-responsabilidades',
      titulo: 'Responsabilidades do cliente',
      conteudo: (
        <>
          <p>Cabe ao cliente:</p>
          <ul className={listClass}>
            <li>
              manter corretos e atualizados os dados da conta e dos laudos, em especial os e-mails de contato
              que recebem os lembretes;
            </li>
            <li>
              conferir se a data de vencimento mostrada no portal corresponde à do documento e nos avisar de
              qualquer divergência;
            </li>
            <li>
              usar o portal de acordo com a lei e com estes termos, sem tentar acessar dados de outros
              clientes, testar vulnerabilidades sem autorização ou sobrecarregar o serviço.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'termos-lembretes',
      titulo: 'Lembretes de vencimento',
      conteudo: (
        <>
          <p>
            Os lembretes por e-mail são um apoio para a gestão dos vencimentos. Eles não substituem a
            obrigação legal do cliente, como empregador ou responsável pelos equipamentos, de manter as
            inspeções e os laudos em dia nos prazos das normas aplicáveis, como a NR-13.
          </p>
          <p>
            Um e-mail pode não chegar por motivos fora do nosso controle, como filtro de spam, caixa cheia ou
            endereço desatualizado. A falta de um lembrete não prorroga nenhum prazo. Acompanhe também a lista
            de vencimentos no portal.
          </p>
        </>
      ),
    },
    {
      id: 'termos-arquivos',
      titulo: 'Arquivos enviados',
      conteudo: (
        <>
          <p>
            Os arquivos que você envia ao portal continuam sendo seus. Você nos autoriza a armazená-los e
            processá-los apenas para prestar o serviço: guardar, exibir, permitir o download e calcular os
            lembretes.
          </p>
          <p>
            Ao enviar um arquivo, você declara ter o direito de fazê-lo e que ele não contém código malicioso
            nem conteúdo ilegal. Podemos recusar ou remover arquivos que violem estes termos. Não respondemos
            pelo conteúdo técnico de laudos emitidos por terceiros e cadastrados pelo cliente. Guarde também
            uma cópia dos seus laudos nos arquivos da empresa.
          </p>
        </>
      ),
    },
    {
      id: 'termos-disponibilidade',
      titulo: 'Disponibilidade',
      conteudo: (
        <p>
          Trabalhamos para manter o portal disponível, mas ele pode ficar fora do ar por manutenção, falhas de
          fornecedores ou causas fora do nosso controle. Sempre que possível, manutenções programadas são
          avisadas com antecedência. Não garantimos funcionamento ininterrupto ou livre de erros.
        </p>
      ),
    },
    {
      id: 'termos-responsabilidade',
      titulo: 'Limitação de responsabilidade',
      conteudo: (
        <>
          <p>
            {companyName} responde pelos serviços de engenharia que presta nos termos do contrato e da
            legislação profissional, inclusive pela responsabilidade técnica registrada em ART.
          </p>
          <p>Quanto ao portal, não respondemos por danos decorrentes de:</p>
          <ul className={listClass}>
            <li>indisponibilidade temporária do portal ou de fornecedores;</li>
            <li>dados incorretos ou desatualizados informados pelo cliente;</li>
            <li>e-mails não recebidos por causas alheias ao nosso controle;</li>
            <li>uso das credenciais por terceiros em razão de falha na guarda pelo cliente.</li>
          </ul>
          <p>Nada nestes termos exclui responsabilidade que a lei não permita excluir.</p>
        </>
      ),
    },
    {
      id: 'termos-encerramento',
      titulo: 'Encerramento da conta',
      conteudo: (
        <p>
          O cliente pode pedir o encerramento da conta a qualquer momento pelo e-mail{' '}
          <Email email={contact.email} />. Antes disso, baixe os laudos que quiser manter. Após o
          encerramento, os dados são tratados como descrito na política de privacidade abaixo.
        </p>
      ),
    },
    {
      id: 'termos-alteracoes',
      titulo: 'Alterações destes termos',
      conteudo: (
        <p>
          Podemos alterar estes termos. Mudanças relevantes serão avisadas por e-mail ou no portal com
          antecedência razoável antes de entrarem em vigor. A data da última atualização aparece no topo desta
          página.
        </p>
      ),
    },
    {
      id: 'termos-lei',
      titulo: 'Lei aplicável e foro',
      conteudo: (
        <p>
          Estes termos seguem a lei brasileira. Fica eleito o foro da comarca da sede de {companyName} (
          {contact.address}) para resolver questões relacionadas a eles, salvo quando a lei determinar outro
          foro.
        </p>
      ),
    },
  ];
}

function politicaDePrivacidade({ companyName, contact }: SiteInfo): Secao[] {
  return [
    {
      id: 'privacidade-controlador',
      titulo: 'Quem é o controlador',
      conteudo: (
        <>
          <p>
            Esta política explica como tratamos dados pessoais no site e no portal, nos termos da Lei Geral de
            Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).
          </p>
          <p>O controlador dos dados é:</p>
          <ul className={listClass}>
            <li>{companyName}</li>
            <li>Endereço: {contact.address}</li>
            <li>
              E-mail: <Email email={contact.email} />
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'privacidade-dados',
      titulo: 'Dados que tratamos',
      conteudo: (
        <ul className={listClass}>
          <li>
            <strong className="font-semibold text-slate-900">Cadastro e conta:</strong> nome, e-mail, empresa,
            telefone, tipo de conta e plano.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Credenciais:</strong> senha, guardada apenas como
            hash, e a configuração da verificação em duas etapas, se ativada. Se você entrar com uma conta
            Google ou Microsoft, quando essa opção estiver disponível, recebemos dela seu nome e e-mail.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Laudos:</strong> dados de cada laudo (nome,
            código, tipo, datas, e-mail de contato para lembretes) e os arquivos enviados, que podem conter
            dados pessoais, como o nome e o registro profissional do engenheiro responsável.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Comunicações:</strong> histórico dos e-mails
            enviados pelo portal (destinatário, assunto, data e situação da entrega) e as mensagens que você
            nos envia por e-mail ou WhatsApp.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Registros de acesso:</strong> endereço IP, data e
            hora, navegador e ações relevantes na conta, como entradas e trocas de senha.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacidade-finalidades',
      titulo: 'Finalidades e bases legais',
      conteudo: (
        <ul className={listClass}>
          <li>
            Criar e manter sua conta, disponibilizar os laudos, enviar lembretes de vencimento e e-mails da
            conta, e responder a pedidos de orçamento: execução de contrato ou de procedimentos preliminares a
            pedido do titular (art. 7º, V, da LGPD).
          </li>
          <li>
            Guardar registros de acesso à aplicação pelo prazo legal e documentos fiscais e contratuais:
            cumprimento de obrigação legal ou regulatória (art. 7º, II), inclusive o art. 15 do Marco Civil da
            Internet (Lei nº 12.965/2014).
          </li>
          <li>
            Manter registros de segurança para prevenir fraudes e acessos indevidos e investigar incidentes:
            legítimo interesse (art. 7º, IX), limitado ao necessário para proteger as contas e o serviço.
          </li>
          <li>
            Defender direitos em processos judiciais, administrativos ou arbitrais: exercício regular de
            direitos (art. 7º, VI).
          </li>
        </ul>
      ),
    },
    {
      id: 'privacidade-compartilhamento',
      titulo: 'Compartilhamento',
      conteudo: (
        <>
          <p>Compartilhamos dados pessoais apenas com:</p>
          <ul className={listClass}>
            <li>o provedor de envio de e-mails, para entregar os lembretes e os e-mails da conta;</li>
            <li>
              os provedores de hospedagem e infraestrutura (servidores, banco de dados e armazenamento de
              arquivos);
            </li>
            <li>autoridades públicas, quando a lei ou uma ordem judicial exigir.</li>
          </ul>
          <p>
            Esses fornecedores recebem só o necessário para o serviço e tratam os dados conforme nossas
            instruções. Os laudos de uma empresa cliente são visíveis para os usuários da própria empresa e
            para a nossa equipe. Não vendemos nem alugamos dados pessoais. Se você falar conosco pelo
            WhatsApp, a conversa também é tratada pelo próprio WhatsApp, conforme a política de privacidade
            dele.
          </p>
        </>
      ),
    },
    {
      id: 'privacidade-transferencia',
      titulo: 'Transferência internacional',
      conteudo: (
        <p>
          O provedor de envio de e-mails ou de infraestrutura pode processar dados em servidores fora do
          Brasil, por exemplo nos Estados Unidos. Nesses casos, a transferência ocorre nas hipóteses do art.
          33 da LGPD, como a necessária à execução do contrato com você, e com fornecedores que se comprometem
          contratualmente a proteger os dados.
        </p>
      ),
    },
    {
      id: 'privacidade-retencao',
      titulo: 'Por quanto tempo guardamos',
      conteudo: (
        <ul className={listClass}>
          <li>Dados da conta e laudos: enquanto a conta estiver ativa.</li>
          <li>
            Registros de acesso à aplicação: pelo menos 6 meses, como exige o art. 15 do Marco Civil da
            Internet.
          </li>
          <li>
            Após o encerramento da conta, os dados são eliminados ou anonimizados, salvo quando a conservação
            for necessária para cumprir obrigação legal ou regulatória ou para o exercício regular de direitos
            (art. 16 da LGPD).
          </li>
        </ul>
      ),
    },
    {
      id: 'privacidade-cookies',
      titulo: 'Cookies e armazenamento no navegador',
      conteudo: (
        <>
          <p>
            Usamos apenas cookies essenciais: o cookie de sessão, criado quando você entra no portal e
            necessário para mantê-lo conectado, e cookies temporários usados durante a entrada, como na
            verificação em duas etapas. O cookie de sessão não pode ser lido por scripts da página e deixa de
            valer quando você sai ou quando a sessão expira. Não usamos cookies de publicidade nem
            rastreadores de terceiros.
          </p>
          <p>
            Depois que você entra, o navegador também guarda no armazenamento local uma cópia dos dados do seu
            perfil, usada só quando o servidor demora a responder. Ela é apagada quando você sai da conta.
          </p>
        </>
      ),
    },
    {
      id: 'privacidade-seguranca',
      titulo: 'Segurança',
      conteudo: (
        <>
          <ul className={listClass}>
            <li>senhas guardadas apenas como hash, nunca em texto legível;</li>
            <li>verificação em duas etapas disponível para todas as contas;</li>
            <li>acesso restrito por conta: cada cliente vê apenas os laudos da própria empresa;</li>
            <li>comunicação com o portal criptografada (HTTPS);</li>
            <li>registros de acesso para detectar e investigar uso indevido.</li>
          </ul>
          <p>
            Se ocorrer um incidente de segurança que possa trazer risco ou dano relevante, comunicaremos você
            e a Autoridade Nacional de Proteção de Dados (ANPD), como prevê o art. 48 da LGPD.
          </p>
        </>
      ),
    },
    {
      id: 'privacidade-direitos',
      titulo: 'Seus direitos',
      conteudo: (
        <>
          <p>O art. 18 da LGPD garante a você, como titular, o direito de pedir:</p>
          <ul className={listClass}>
            <li>confirmação de que tratamos seus dados;</li>
            <li>acesso aos dados;</li>
            <li>correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em
              desconformidade com a lei;
            </li>
            <li>portabilidade dos dados a outro fornecedor;</li>
            <li>eliminação dos dados tratados com base no seu consentimento;</li>
            <li>informação sobre as entidades com as quais compartilhamos seus dados;</li>
            <li>informação sobre a possibilidade de não dar consentimento e suas consequências;</li>
            <li>revogação do consentimento.</li>
          </ul>
          <p>
            Para exercer esses direitos, escreva para <Email email={contact.email} /> a partir do e-mail da
            sua conta. Podemos pedir informações para confirmar sua identidade. Nome, e-mail e telefone também
            podem ser corrigidos na página da sua conta.
          </p>
        </>
      ),
    },
    {
      id: 'privacidade-terceiros',
      titulo: 'Dados de terceiros nos laudos',
      conteudo: (
        <p>
          Quando o cliente cadastra no portal documentos com dados pessoais de outras pessoas, como empregados
          ou prestadores de serviço, o cliente é o controlador desses dados e deve ter base legal para
          tratá-los; nós os tratamos apenas para prestar o serviço, conforme as instruções do cliente.
        </p>
      ),
    },
    {
      id: 'privacidade-encarregado',
      titulo: 'Encarregado (DPO)',
      conteudo: (
        <p>
          O encarregado pelo tratamento de dados pessoais pode ser contatado pelo e-mail{' '}
          <Email email={contact.email} />.
        </p>
      ),
    },
    {
      id: 'privacidade-anpd',
      titulo: 'Reclamações à ANPD',
      conteudo: (
        <p>
          Se entender que seus dados foram tratados em desacordo com a LGPD, você pode apresentar reclamação à
          Autoridade Nacional de Proteção de Dados (ANPD). Pedimos que fale conosco antes, para que possamos
          resolver a questão diretamente.
        </p>
      ),
    },
    {
      id: 'privacidade-atualizacoes',
      titulo: 'Atualizações desta política',
      conteudo: (
        <p>
          Podemos atualizar esta política para refletir mudanças no serviço ou na lei. Mudanças relevantes
          serão avisadas por e-mail ou no portal. Última atualização:{' '}
          <time dateTime={ULTIMA_ATUALIZACAO.iso}>{ULTIMA_ATUALIZACAO.texto}</time>.
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  const site = useSiteInfo();
  const partes: Parte[] = [
    { id: 'termos-de-uso', titulo: 'Termos de uso', secoes: termosDeUso(site) },
    { id: 'politica-de-privacidade', titulo: 'Política de privacidade', secoes: politicaDePrivacidade(site) },
  ];

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        Termos de uso e política de privacidade
      </h1>
      <p className="mt-3 text-sm text-slate-700">
        Última atualização: <time dateTime={ULTIMA_ATUALIZACAO.iso}>{ULTIMA_ATUALIZACAO.texto}</time>
      </p>
      <p className="mt-6 text-slate-700">
        Estas regras valem para o site e para o portal de laudos de {site.companyName}. Dúvidas:{' '}
        <Email email={site.contact.email} />.
      </p>

      <nav aria-labelledby="sumario-titulo" className="mt-8 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h2 id="sumario-titulo" className="font-semibold text-slate-900">
          Nesta página
        </h2>
        <ol className="mt-3 space-y-4 text-sm">
          {partes.map((parte) => (
            <li key={parte.id}>
              <a href={`#${parte.id}`} className={linkClass}>
                {parte.titulo}
              </a>
              <ol className="mt-2 space-y-1 pl-4">
                {parte.secoes.map((secao, index) => (
                  <li key={secao.id}>
                    <a
                      href={`#${secao.id}`}
                      className="text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline"
                    >
                      {index + 1}. {secao.titulo}
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>

      {partes.map((parte) => (
        <section key={parte.id} aria-labelledby={parte.id} className="mt-14">
          <h2 id={parte.id} className="scroll-mt-6 text-2xl font-bold tracking-tight text-slate-900">
            {parte.titulo}
          </h2>
          {parte.secoes.map((secao, index) => (
            <section key={secao.id} className="mt-8">
              <h3 id={secao.id} className="scroll-mt-6 text-lg font-semibold text-slate-900">
                {index + 1}. {secao.titulo}
              </h3>
              <div className="mt-3 space-y-3 text-slate-700">{secao.conteudo}</div>
            </section>
          ))}
        </section>
      ))}
    </article>
  );
}
