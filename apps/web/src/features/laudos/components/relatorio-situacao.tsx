import { type RelatorioSituacaoFiltro, relatorioSituacaoQuery } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { ForaDoPlano } from '../../../components/fora-do-plano';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { salvarArquivo } from '../../../lib/download';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { baixarRelatorioDeSituacao } from '../api/relatorio-situacao';
import { useTiposLaudo } from '../api/tipos-laudo';

type Campo = 'tipo' | 'status' | 'vencimentoDe' | 'vencimentoAte' | 'empresaId';
type Estado =
  | { fase: 'pronto' }
  | { fase: 'gerando' }
  | { fase: 'gerado'; nome: string }
  | { fase: 'erro'; mensagem: string };

/**
 * "Relatório de situação (PDF)" (issue 18, the plan feature `custom_reports`): the laudos by status
 * and type, the due dates of the next 12 months and the list of vencidos and vencendo, as an A4 PDF
 * made by the server with the filters chosen here. An admin may choose one company (or all).
 * Without the feature the dialog says what it does and where to get it.
 */
export function RelatorioSituacao({ incluido, admin }: { incluido: boolean; admin: boolean }) {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass('secondary')} onClick={() => setAberto(true)}>
        Relatório de situação (PDF)
      </button>
      <Dialog
        open={aberto}
        onClose={() => setAberto(false)}
        title="Relatório de situação (PDF)"
        description="Contagens por situação e por tipo, os vencimentos dos próximos 12 meses e a lista dos laudos vencidos e vencendo, pronto para imprimir."
      >
        {incluido ? (
          <FormularioDoRelatorio admin={admin} />
        ) : (
          <ForaDoPlano recurso="customReports" foco>
            O relatório de situação reúne num PDF o resumo dos seus laudos, um gráfico dos próximos
            vencimentos e a lista dos vencidos e vencendo, para levar a reuniões e auditorias. Ele também
            chega em anexo ao relatório mensal por e-mail.
          </ForaDoPlano>
        )}
      </Dialog>
    </>
  );
}

function FormularioDoRelatorio({ admin }: { admin: boolean }) {
  const tipos = useTiposLaudo();
  const [valores, setValores] = useState({ tipo: '', status: '', vencimentoDe: '', vencimentoAte: '' });
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(null);
  const [erros, setErros] = useState<FieldErrors<Campo>>({});
  const [estado, setEstado] = useState<Estado>({ fase: 'pronto' });
  const form = useRef<HTMLFormElement>(null);
  const mudar = (campo: keyof typeof valores) => (e: { target: { value: string } }) =>
    setValores((v) => ({ ...v, [campo]: e.target.value }));

  async function gerar(event: FormEvent) {
    event.preventDefault();
    const filtro = Object.fromEntries(
      Object.entries({ ...valores, empresaId: empresa?.id ?? '' }).filter(([, v]) => v !== ''),
    );
    const locais = errorsFromSchema<Campo>(relatorioSituacaoQuery, filtro);
    setErros(locais);
    if (Object.keys(locais).length > 0) {
      focusFirstError(form.current, locais);
      return;
    }
    setEstado({ fase: 'gerando' });
    try {
      const arquivo = await baixarRelatorioDeSituacao(filtro as RelatorioSituacaoFiltro);
      salvarArquivo(arquivo.blob, arquivo.nome);
      setEstado({ fase: 'gerado', nome: arquivo.nome });
    } catch (error) {
      const doServidor = errorsFromRequest<Campo>(error);
      setErros(doServidor);
      setEstado({ fase: 'erro', mensagem: errorMessage(error) });
    }
  }

  const gerando = estado.fase === 'gerando';
  return (
    <form ref={form} noValidate onSubmit={gerar} className="space-y-4" aria-busy={gerando}>
      {admin ? (
        <EmpresaCombobox
          optional
          hint="Deixe em branco para o relatório de todas as empresas."
          selecionada={empresa}
          onSelecionar={setEmpresa}
          error={erros.empresaId}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          name="tipo"
          value={valores.tipo}
          onChange={mudar('tipo')}
          error={erros.tipo}
        >
          <option value="">Todos os tipos</option>
          {(tipos.data ?? []).map((t) => (
            <option key={t.nome} value={t.nome}>
              {t.nome}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Situação"
          name="status"
          value={valores.status}
          onChange={mudar('status')}
          error={erros.status}
        >
          <option value="">Todas</option>
          <option value="ativo">Ativo</option>
          <option value="vencendo">Vencendo</option>
          <option value="vencido">Vencido</option>
        </SelectField>
        <TextField
          label="Vencimento de"
          name="vencimentoDe"
          type="date"
          optional
          value={valores.vencimentoDe}
          onChange={mudar('vencimentoDe')}
          error={erros.vencimentoDe}
        />
        <TextField
          label="Vencimento até"
          name="vencimentoAte"
          type="date"
          optional
          value={valores.vencimentoAte}
          onChange={mudar('vencimentoAte')}
          error={erros.vencimentoAte}
        />
      </div>
      {estado.fase === 'erro' ? <FormAlert>{estado.mensagem}</FormAlert> : null}
      {estado.fase === 'gerado' ? (
        <FormAlert tone="success">PDF gerado: {estado.nome}. Confira a pasta de downloads.</FormAlert>
      ) : null}
      {gerando ? (
        <FormAlert tone="info">Gerando o PDF… Com muitos laudos, pode levar alguns segundos.</FormAlert>
      ) : null}
      <button
        type="submit"
        className={`${buttonClass('primary')} w-full justify-center sm:w-auto`}
        disabled={gerando}
        data-autofocus
      >
        {gerando ? 'Gerando PDF…' : 'Gerar PDF'}
      </button>
    </form>
  );
}
