import type { alterarPessoaEntrada } from '@laudos/domain/api';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { registrarAlteracao } from '../../auditoria/registrar.ts';
import { endSessions } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { authUser, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { assertGestorRestante, assertVaga, gestoresAtivos, travarEmpresa } from '../empresas/regras.ts';
import { listarPessoas } from '../empresas/service.ts';
import type { Ator } from './ator.ts';

/**
 * PATCH /api/empresa/pessoas/:id (and the admin's /api/admin/empresas/:id/pessoas/:usuarioId): a
 * person's role, active state and reminders, inside the company only (nobody is moved to another
 * company here). A membro may switch only their own reminders. Deactivating ends the person's
 * sessions and blocks their sign-in; reactivating takes a seat of the plan; the company keeps an
 * active gestor. One transaction, after the company's lock (empresas/regras.ts).
 */
export async function alterarPessoa(
  db: Db,
  ator: Ator,
  pessoaId: string,
  b: z.output<typeof alterarPessoaEntrada>,
) {
  if (!ator.gere) {
    if (b.papel !== undefined) throw erro('apenasGestor', 'mudar o papel das pessoas');
    if (b.ativo !== undefined) throw erro('apenasGestor', 'ativar ou desativar pessoas');
    if (pessoaId !== ator.id) throw erro('apenasGestor', 'mudar os lembretes de outras pessoas');
  }
  return db.transaction(async (tx) => {
    const empresa = await travarEmpresa(tx, ator.empresaId);
    const [atual] = await tx
      .select({ ativo: usuarios.ativo, papel: usuarios.papel, receberLembretes: usuarios.receberLembretes })
      .from(usuarios)
      .where(and(eq(usuarios.id, pessoaId), eq(usuarios.empresaId, empresa.id)))
      .for('update')
      .limit(1);
    if (!atual) throw erro('pessoaNaoEncontrada');
    const gestoresAntes = await gestoresAtivos(tx, empresa.id);
    const mudaAtivo = b.ativo !== undefined && b.ativo !== atual.ativo;
    if (mudaAtivo && b.ativo) await assertVaga(tx, empresa);
    const [depois] = await tx
      .update(usuarios)
      .set({
        ...(b.papel !== undefined ? { papel: b.papel } : {}),
        ...(b.ativo !== undefined ? { ativo: b.ativo } : {}),
        ...(b.receberLembretes !== undefined ? { receberLembretes: b.receberLembretes } : {}),
        atualizadoEm: new Date(),
      })
      .where(eq(usuarios.id, pessoaId))
      .returning({
        ativo: usuarios.ativo,
        papel: usuarios.papel,
        receberLembretes: usuarios.receberLembretes,
      });
    await registrarAlteracao(tx, ator.auditoria, {
      entidade: 'usuario',
      entidadeId: pessoaId,
      empresaId: empresa.id,
      antes: atual,
      depois,
    });
    if (mudaAtivo) {
      await tx
        .update(authUser)
        .set({ banned: !b.ativo, updatedAt: new Date() })
        .where(eq(authUser.id, pessoaId));
      // A deactivated person is out at once, not at their session's end.
      if (!b.ativo) await endSessions(tx, pessoaId);
    }
    await assertGestorRestante(tx, empresa.id, gestoresAntes);
    const pessoa = (await listarPessoas(tx, empresa.id)).find((p) => p.id === pessoaId);
    return pessoa!;
  });
}
