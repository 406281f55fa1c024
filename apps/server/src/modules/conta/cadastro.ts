import { randomBytes } from 'node:crypto';
import { formatDateTimeBR } from '@laudos/domain';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Ator, type Origem, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authUser, authVerification, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { AppError, erro } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import { pedidoDoTexto, registrarPedido } from '../empresas/pedidos.ts';
import { contaNaoConfirmada, createContaComSenha } from '../usuarios/service.ts';
import { assertSenhaValida } from './service.ts';

import { consumirVerificacao, identificadorDoToken } from './verificacao.ts';

/**
 * Self sign-up with a proven e-mail (decision 011).
 *
 * A sign-up answers the same whatever the address: a new address gets an unverified account and a
 * confirmation link; an address that already has a proven account gets a notice ("alguém tentou
 * criar uma conta com seu e-mail") and nothing changes; an address held by an account that never
 * proved it gets a link that, when followed, replaces that account. No path signs anyone in, so
 * the response tells a stranger nothing about who has an account.
 */

const VALIDADE_HORAS = 24;

/** What a confirmation link does when followed. */
type Pendencia =
  | { tipo: 'confirmar'; userId: string; email: string }
  | {
      tipo: 'substituir';
      email: string;
      nome: string;
      senhaHash: string;
      empresa: string | null;
      telefone: string | null;
    };

/**
 * At most this many sign-up e-mails (links or notices) to one address an hour: a sign-up form must
 * not become a way to flood someone's mailbox. Past it, nothing is sent and the answer is the same.
 */
async function podeEnviarParaEndereco(tx: DbOrTx, email: string): Promise<boolean> {
  try {
    await hitRateLimit(tx, { key: `cadastro:email:${email}`, max: 3, windowSeconds: 3600 });
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return false;
    throw err;
  }
}

async function enviarLink(
  tx: DbOrTx,
  email: EmailService,
  config: Config,
  pendencia: Pendencia,
  destinatario: { nome: string; userId?: string },
) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(authVerification).values({
    id: crypto.randomUUID(),
    identifier: identificadorDoToken('confirmar-email', token),
    value: JSON.stringify(pendencia),
    expiresAt: new Date(Date.now() + VALIDADE_HORAS * 3_600_000),
  });
  await email.enqueue(tx, {
    type: 'confirmar_email',
    to: pendencia.email,
    toName: destinatario.nome,
    userId: destinatario.userId ?? null,
    variables: {
      usuario_nome: destinatario.nome,
      usuario_email: pendencia.email,
      link_confirmacao: `${config.publicUrl}/confirmar-email?token=${encodeURIComponent(token)}`,
      validade_link: `${VALIDADE_HORAS} horas`,
    },
  });
}

export interface NovoCadastro {
  nome: string;
  email: string;
  senha: string;
  empresa: string | null;
  telefone: string | null;
}

/**
 * The person who just signed themselves up, as the audit log's actor and its 'criou' entry: the
 * account is theirs from the start (their request to join a company follows as their own entry).
 */
async function registrarCadastro(
  tx: DbOrTx,
  u: { id: string; nome: string; email: string; telefone?: string | null },
  origem: Origem,
): Promise<Ator> {
  const ator: Ator = { tipo: 'usuario', id: u.id, nome: u.nome, papel: 'cliente', origem };
  await registrarAuditoria(tx, ator, {
    entidade: 'usuario',
    entidadeId: u.id,
    acao: 'criou',
    empresaId: null,
    depois: { nome: u.nome, email: u.email, tipo: 'cliente', telefone: u.telefone ?? null },
    detalhes: { cadastro: true },
  });
  return ator;
}

/**
 * POST /api/cadastro. Resolves the same way for every address; throws only for bad input or past
 * the sign-ups allowed from one IP address.
 */
export async function cadastrarConta(
  { db, email, config }: { db: Db; email: EmailService; config: Config },
  input: NovoCadastro,
  ip: string,
  origem: Origem,
) {
  await hitRateLimit(db, limits.signUpPerIp(ip, config.rateLimits.signUpPerIp));
  assertSenhaValida(input.senha);
  const endereco = input.email.trim().toLowerCase();
  // Hashed on every path, so an existing address does not answer faster than a new one.
  const senhaHash = await hashPassword(input.senha);
  try {
    await db.transaction(async (tx) => {
      const [existente] = await tx
        .select({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email })
        .from(usuarios)
        .where(eq(sql`lower(${usuarios.email})`, endereco))
        .limit(1);
      if (!existente) {
        const u = await createContaComSenha(tx, {
          email: endereco,
          nome: input.nome,
          password: '',
          passwordHash: senhaHash,
          tipo: 'cliente',
          telefone: input.telefone,
          emailVerified: false,
        });
        const ator = await registrarCadastro(tx, { ...u, telefone: input.telefone }, origem);
        // The company typed here is a request to join it: an admin approves it (issue 17).
        if (input.empresa?.trim()) await registrarPedido(tx, u.id, pedidoDoTexto(input.empresa), ator);
        if (await podeEnviarParaEndereco(tx, endereco))
          await enviarLink(
            tx,
            email,
            config,
            { tipo: 'confirmar', userId: u.id, email: endereco },
            { nome: u.nome, userId: u.id },
          );
        return;
      }
      if (!(await podeEnviarParaEndereco(tx, endereco))) return;
      if (await contaNaoConfirmada(tx, endereco)) {
        await enviarLink(
          tx,
          email,
          config,
          {
            tipo: 'substituir',
            email: endereco,
            nome: input.nome,
            senhaHash,
            empresa: input.empresa,
            telefone: input.telefone,
          },
          { nome: input.nome },
        );
        return;
      }
      await email.enqueue(tx, {
        type: 'cadastro_existente',
        to: existente.email,
        toName: existente.nome,
        userId: existente.id,
        variables: {
          usuario_nome: existente.nome,
          usuario_email: existente.email,
          data_tentativa: formatDateTimeBR(new Date(), config.timeZone),
          link_redefinir: `${config.publicUrl}/forgot-password`,
        },
      });
    });
  } catch (err) {
    // Two sign-ups for one new address at the same instant: the other one created it.
    if (!isUniqueViolation(err)) throw err;
  }
}

const linkInvalido = () => erro('linkDeConfirmacaoInvalido');

/**
 * Follows a confirmation link: single use (one atomic delete, so two clicks at the same instant give
 * one success), valid for 24 hours. Returns the confirmed address.
 */
export async function confirmarEmail(
  db: Db,
  token: string,
  ip: string,
  linksPorIp: number,
  origem: Origem,
): Promise<{ email: string }> {
  await hitRateLimit(db, limits.resetPerIp(ip, linksPorIp));
  return db.transaction(async (tx) => {
    const valor = await consumirVerificacao(tx, 'confirmar-email', token);
    if (valor === null) throw linkInvalido();
    let pendencia: Pendencia;
    try {
      pendencia = JSON.parse(valor) as Pendencia;
    } catch {
      throw linkInvalido();
    }
    if (pendencia.tipo === 'confirmar') {
      const atualizados = await tx
        .update(authUser)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(and(eq(authUser.id, pendencia.userId), eq(sql`lower(${authUser.email})`, pendencia.email)))
        .returning({ id: authUser.id });
      if (atualizados.length === 0) throw linkInvalido();
      return { email: pendencia.email };
    }
    // A second sign-up for an address whose first account never proved it: the mailbox's owner
    // followed the link, so the unproven account (and its sessions) gives way to this one. If the
    // address was proven meanwhile, the link no longer applies.
    const [outra] = await tx
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(sql`lower(${usuarios.email})`, pendencia.email))
      .limit(1);
    if (outra && !(await contaNaoConfirmada(tx, pendencia.email))) throw linkInvalido();
    const u = await createContaComSenha(tx, {
      email: pendencia.email,
      nome: pendencia.nome,
      password: '',
      passwordHash: pendencia.senhaHash,
      tipo: 'cliente',
      telefone: pendencia.telefone,
      emailVerified: true,
      assumirEmailNaoConfirmado: true,
    });
    const ator = await registrarCadastro(tx, { ...u, telefone: pendencia.telefone }, origem);
    if (pendencia.empresa?.trim()) await registrarPedido(tx, u.id, pedidoDoTexto(pendencia.empresa), ator);
    return { email: pendencia.email };
  });
}

/** The banner's "Reenviar link": a new link for the signed-in, still unverified user. */
export async function reenviarConfirmacao(
  { db, email, config }: { db: Db; email: EmailService; config: Config },
  user: { id: string; nome: string; email: string; emailVerificado: boolean },
) {
  if (user.emailVerificado) throw erro('emailJaConfirmado');
  await hitRateLimit(db, { key: `confirmacao:user:${user.id}`, max: 3, windowSeconds: 3600 });
  await db.transaction((tx) =>
    enviarLink(
      tx,
      email,
      config,
      { tipo: 'confirmar', userId: user.id, email: user.email.trim().toLowerCase() },
      { nome: user.nome, userId: user.id },
    ),
  );
}
