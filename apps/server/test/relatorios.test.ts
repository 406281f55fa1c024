import { addDaysIso } from '@laudos/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { empresas, laudos, monthlyReports, notificationRules, tiposLaudo } from '../src/db/schema.ts';
import { enviarRelatoriosMensais } from '../src/modules/notificacoes/relatorio-mensal.ts';
import { createAdmin, createUser, empresaDeTeste, planoChamado } from './helpers/accounts.ts';
import { br, hojeMais } from './helpers/datas.ts';
import { startSmtpPeer } from './helpers/mail-peers.ts';
import { lerPdf } from './helpers/pdf.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

/** Issue 18: the plan's `custom_reports` — the "Relatório de situação" PDF. */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const relatorio = (t: TestServer, cookie: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/relatorios/situacao${query ? `?${query}` : ''}`,
    headers: { cookie },
  });

describe('custom_reports: the "Relatório de situação" PDF', () => {
  it('with the plan: the PDF holds the counts, the vencidos across pages and accents intact, never another company; without it: 403; bad filters: 400', {
    timeout: 120_000,
  }, async () => {
    t = await createTestServer({ JOBS: 'off' });
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const empresaId = await empresaDeTeste(t, 'Condomínio São João', {
      planoId: await planoChamado(t, 'Básico'),
    });
    const outraId = await empresaDeTeste(t, 'Outra Empresa');
    const gestor = await createUser(t, { email: 'gestor@saojoao.com.br', empresaId, papel: 'gestor' });
    const cookie = await signIn(t.app, gestor.email, gestor.password);
    await db.insert(tiposLaudo).values({ nome: 'Elevadores' }).onConflictDoNothing();
    const laudo = (
      codigo: string,
      nome: string,
      tipo: string,
      vence: string | null,
      empresa = empresaId,
    ) => ({
      codigo,
      nome,
      tipo,
      cliente: 'Condomínio São João',
      empresaId: empresa,
      dataVencimento: vence,
    });
    await db.insert(laudos).values([
      laudo('EL-1', 'Inspeção de Março', 'Elevadores', hojeMais(-3)),
      laudo('EL-2', 'Elevador social', 'Elevadores', hojeMais(10)),
      laudo('NR-1', 'Caldeira', 'NR-13', hojeMais(100)),
      laudo('NR-2', 'Tubulação', 'NR-13', null),
      // 60 more vencidos: the table runs over three pages.
      ...Array.from({ length: 60 }, (_, i) =>
        laudo(`VX-${String(i).padStart(2, '0')}`, `Vaso ${i}`, 'NR-13', hojeMais(-400 + i)),
      ),
      laudo('OUT-1', 'Alheio vencido', 'Elevadores', hojeMais(-5), outraId),
    ]);

    // Without the feature: 403 with what it is and where it is.
    const recusa = await relatorio(t, cookie);
    expect(recusa.statusCode).toBe(403);
    expect(recusa.json().error).toEqual({
      code: 'RECURSO_FORA_DO_PLANO',
      message:
        'Seu plano não inclui relatórios personalizados. Disponível nos planos Profissional e Empresarial.',
    });

    await db
      .update(empresas)
      .set({ planoId: await planoChamado(t, 'Profissional') })
      .where(eq(empresas.id, empresaId));
    const res = await relatorio(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="relatorio-situacao-${hojeMais(0)}.pdf"`,
    );
    const pdf = lerPdf(res.rawPayload);
    expect(pdf.paginas).toBe(3);
    expect(pdf.tintaNaPrimeira).toBeGreaterThan(0.02);
    const texto = pdf.texto;
    for (const trecho of [
      'Relatório de situação',
      'Empresa: Condomínio São João',
      'Filtros: nenhum (todos os laudos)',
      'Inspeção de Março',
      'Elevadores',
      'Vencimentos nos próximos 12 meses',
      'Laudos vencidos e vencendo (62)',
      br(hojeMais(-3)),
      'há 3 dias',
      'em 10 dias',
      'Página 1 de 3',
      'Página 3 de 3',
    ])
      expect(texto).toContain(trecho);
    // The counts: 64 laudos, 1 vencendo, 61 vencidos, 2 ativos; by type.
    expect(texto).toMatch(/Total\s+Ativos\s+Vencendo\s+Vencidos\s+64\s+2\s+1\s+61/);
    expect(texto).toMatch(/NR-13\s+62/);
    expect(texto).toMatch(/Elevadores\s+2/);
    // Every vencido on some page, once; the headers repeated on each page.
    for (let i = 0; i < 60; i++) expect(texto).toContain(`VX-${String(i).padStart(2, '0')}`);
    expect(texto.match(/Código\s+Nome\s+Tipo\s+Vencimento\s+Dias/g)).toHaveLength(3);
    expect(texto).not.toContain('OUT-1');
    expect(texto).not.toContain('Alheio');

    // The filters apply and are named.
    const filtrado = lerPdf(
      (await relatorio(t, cookie, `tipo=Elevadores&status=vencido&vencimentoDe=${hojeMais(-30)}`)).rawPayload,
    ).texto;
    expect(filtrado).toContain(
      `Filtros: Tipo: Elevadores · Situação: vencido · Vencimento a partir de ${br(hojeMais(-30))}`,
    );
    expect(filtrado).toContain('Laudos vencidos e vencendo (1)');
    expect(filtrado).toContain('EL-1');
    expect(filtrado).not.toContain('EL-2');
    expect(filtrado).not.toContain('VX-00');

    // A client naming another company: 404, nothing of it.
    expect((await relatorio(t, cookie, `empresaId=${outraId}`)).statusCode).toBe(404);
    // The admin: one company, or all of them.
    const daOutra = lerPdf((await relatorio(t, admin.cookie, `empresaId=${outraId}`)).rawPayload).texto;
    expect(daOutra).toContain('Empresa: Outra Empresa');
    expect(daOutra).toContain('OUT-1');
    expect(daOutra).not.toContain('EL-1');
    expect(lerPdf((await relatorio(t, admin.cookie)).rawPayload).texto).toContain(
      'Empresa: Todas as empresas',
    );

    // Bad filters: 400 in pt-BR, field by field.
    const ruim = await relatorio(t, cookie, 'status=quebrado&vencimentoDe=2027-02-30');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.campos).toEqual(
      expect.arrayContaining([
        { campo: 'status', mensagem: 'Situação inválida: use ativo, vencendo ou vencido.' },
        { campo: 'vencimentoDe', mensagem: 'Data inválida: use AAAA-MM-DD.' },
      ]),
    );
    const invertido = await relatorio(t, cookie, 'vencimentoDe=2027-03-01&vencimentoAte=2027-01-01');
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().error.campos).toEqual([
      { campo: 'vencimentoAte', mensagem: 'O início do período deve ser anterior ou igual ao fim.' },
    ]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/relatorios/situacao'].get['x-recurso']).toBe('customReports');
    expect((await t.app.inject({ method: 'GET', url: '/api/relatorios/situacao' })).statusCode).toBe(401);
  });
});

describe('custom_reports: the monthly report e-mail', () => {
  it('carries the PDF for a company whose plan has the feature, not for one without; once per month', {
    timeout: 120_000,
  }, async () => {
    const peer = await startSmtpPeer();
    try {
      t = await createTestServer({
        JOBS: 'on',
        EMAIL_TRANSPORT: 'smtp',
        SMTP_URL: peer.url,
        EMAIL_RATE_PER_SECOND: '50',
      });
      const db = t.server.database.db;
      const com = await empresaDeTeste(t, 'Indústria Março', {
        planoId: await planoChamado(t, 'Empresarial'),
      });
      const sem = await empresaDeTeste(t, 'Padaria Básica', {
        planoId: await planoChamado(t, 'Básico'),
      });
      await createUser(t, {
        email: 'gestor@marco.com.br',
        nome: 'Gestora Março',
        empresaId: com,
        papel: 'gestor',
      });
      await createUser(t, {
        email: 'gestor@padaria.com.br',
        nome: 'Gestor Padaria',
        empresaId: sem,
        papel: 'gestor',
      });
      await db.insert(laudos).values([
        {
          codigo: 'IM-1',
          nome: 'Situação da caldeira',
          tipo: 'NR-13',
          cliente: 'Indústria Março',
          empresaId: com,
          dataVencimento: hojeMais(-2),
        },
        {
          codigo: 'PB-1',
          nome: 'Forno',
          tipo: 'NR-13',
          cliente: 'Padaria Básica',
          empresaId: sem,
          dataVencimento: hojeMais(-2),
        },
      ]);
      const [regra] = await db
        .select()
        .from(notificationRules)
        .where(eq(notificationRules.kind, 'relatorio_mensal'));
      const hoje = hojeMais(0);
      const primeiro = `${hoje.slice(0, 7)}-01`;
      const rodar = () =>
        enviarRelatoriosMensais(db, t!.server.email, regra!, addDaysIso(primeiro, -1), primeiro, hoje);
      expect(await rodar()).toEqual({
        enfileirados: 2,
        jaEnviados: 0,
        semPlano: 0,
        descadastrados: 0,
        erros: 0,
      });

      const para = (endereco: string) =>
        waitUntil(
          () =>
            peer.received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === endereco),
          {
            what: `relatório mensal para ${endereco}`,
            timeoutMs: 60_000,
          },
        );
      const comPdf = await para('gestor@marco.com.br');
      expect(comPdf.attachments).toHaveLength(1);
      const anexo = comPdf.attachments[0]!;
      expect(anexo.filename).toBe(`relatorio-situacao-${hoje.slice(0, 7)}.pdf`);
      expect(anexo.contentType).toBe('application/pdf');
      expect(comPdf.text).toContain('O Relatório de situação em PDF segue em anexo.');
      const pdf = lerPdf(anexo.content);
      expect(pdf.texto).toContain('Empresa: Indústria Março');
      expect(pdf.texto).toContain('Situação da caldeira');
      expect(pdf.texto).not.toContain('PB-1');

      const semPdf = await para('gestor@padaria.com.br');
      expect(semPdf.attachments).toEqual([]);
      expect(semPdf.text).not.toContain('segue em anexo');

      // The month's key holds: a second run sends nothing.
      expect(await rodar()).toEqual({
        enfileirados: 0,
        jaEnviados: 2,
        semPlano: 0,
        descadastrados: 0,
        erros: 0,
      });
      expect(await db.select().from(monthlyReports)).toHaveLength(2);
    } finally {
      await t?.close();
      t = undefined;
      await peer.close();
    }
  });
});
