import { emailTemplateTypes, isEmailTemplateType } from '@laudos/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { rotuloTipoEmail } from '../../../lib/email-labels';
import {
  collectErrors,
  errorMessage,
  type FieldErrors,
  focusFirstError,
  requiredError,
} from '../../../lib/validation';
import { type AlteracaoRegra, type Frequencia, type Regra, useAlterarRegra } from '../api/regras';
import { useTiposLaudo } from '../api/tipos-laudo';
import { diasDaSemana, MODELO_AUTOMATICO, rotulosFrequencia } from './rotulos';

/** The server refuses days outside 0..3650. */
const MAX_DIAS = 3650;
const MAX_DIAS_POR_REGRA = 60;
const HORARIO = /^([01]\d|2[0-3]):[0-5]\d$/;

type Field = 'name' | 'dias' | 'runTime' | 'escalarAposDias';

/** "Editar regra". */
export function RegraFormDialog({ regra, onClose }: { regra: Regra | null; onClose: () => void }) {
  return (
    <Dialog open={regra !== null} onClose={onClose} title={regra ? `Editar regra ${regra.name}` : ''}>
      {regra ? <RegraForm regra={regra} onDone={onClose} /> : null}
    </Dialog>
  );
}

/**
 * "90, 60, 30" → [90, 60, 30], or the message to show. Before expiry, 0 is not a day ("no dia" is
 * the first notice after it).
 */
function lerDias(texto: string, minimo: 0 | 1): { dias: number[] } | { erro: string } {
  const partes = texto
    .split(/[\s,;]+/)
    .map((parte) => parte.trim())
    .filter(Boolean);
  if (partes.length === 0) return { erro: 'Informe ao menos um dia (ou desative a regra).' };
  const dias = new Set<number>();
  for (const parte of partes) {
    const dia = /^\d+$/.test(parte) ? Number(parte) : Number.NaN;
    if (!Number.isInteger(dia) || dia < minimo || dia > MAX_DIAS)
      return {
        erro: `Use números inteiros de ${minimo} a ${MAX_DIAS}, separados por vírgula ("${parte}" não serve).`,
      };
    dias.add(dia);
  }
  if (dias.size > MAX_DIAS_POR_REGRA) return { erro: `No máximo ${MAX_DIAS_POR_REGRA} dias por regra.` };
  // Before expiry the furthest first (90, 60, …); after it the nearest first (0, 7, …).
  return { dias: [...dias].sort((a, b) => (minimo === 1 ? b - a : a - b)) };
}

function RegraForm({ regra, onDone }: { regra: Regra; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const alterar = useAlterarRegra();
  const temDias = regra.kind !== 'relatorio_mensal';
  const antes = regra.kind === 'vencendo';

  const [name, setName] = useState(regra.name);
  const [dias, setDias] = useState((antes ? regra.daysBefore : regra.daysAfter).join(', '));
  const [templateType, setTemplateType] = useState(regra.templateType ?? '');
  const [runTime, setRunTime] = useState(regra.runTime);
  const [frequency, setFrequency] = useState<Frequencia>(regra.frequency);
  const [weekday, setWeekday] = useState(regra.weekday);
  const [enabled, setEnabled] = useState(regra.enabled);
  const [pararAposResposta, setPararAposResposta] = useState(regra.pararAposResposta);
  const [tipos, setTipos] = useState<readonly string[]>(regra.tipos);
  const [resumo, setResumo] = useState(regra.resumo);
  const [escalarAposDias, setEscalarAposDias] = useState(
    regra.escalarAposDias === null ? '' : String(regra.escalarAposDias),
  );
  const tiposLaudo = useTiposLaudo();
  // A type the rule names that is no longer offered (renamed or deactivated) stays visible to untick.
  const opcoesDeTipo = [
    ...(tiposLaudo.data ?? []).map((t) => t.nome),
    ...regra.tipos.filter((t) => !(tiposLaudo.data ?? []).some((o) => o.nome === t)),
  ];
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  // A rule may point at a type this build does not know yet: keep it selectable.
  const modelos: readonly string[] =
    regra.templateType && !isEmailTemplateType(regra.templateType)
      ? [...emailTemplateTypes, regra.templateType]
      : emailTemplateTypes;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lidos = temDias ? lerDias(dias, antes ? 1 : 0) : { dias: [] };
    const found = collectErrors<Field>({
      name: requiredError(name, 'Informe o nome da regra.'),
      dias: 'erro' in lidos ? lidos.erro : undefined,
      runTime: HORARIO.test(runTime) ? undefined : 'Informe o horário no formato HH:MM, como 08:00.',
      escalarAposDias:
        regra.kind === 'vencido' &&
        escalarAposDias.trim() !== '' &&
        !/^([1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/.test(escalarAposDias.trim())
          ? 'Use um número inteiro de 1 a 365, ou deixe vazio para não escalonar.'
          : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || 'erro' in lidos) {
      focusFirstError(formRef.current, found);
      return;
    }
    const changes: AlteracaoRegra = {
      name: name.trim(),
      templateType: templateType || null,
      runTime,
      frequency,
      weekday,
      enabled,
      ...(temDias ? (antes ? { daysBefore: lidos.dias } : { daysAfter: lidos.dias }) : {}),
      ...(regra.kind === 'vencido'
        ? {
            pararAposResposta,
            escalarAposDias: escalarAposDias.trim() === '' ? null : Number(escalarAposDias.trim()),
          }
        : {}),
      ...(temDias ? { tipos: [...tipos], resumo } : {}),
    };
    alterar.mutate(
      { id: regra.id, ...changes },
      {
        onSuccess: (salva) => {
          showToast({ type: 'success', title: `Regra ${salva.name} salva.` });
          onDone();
        },
      },
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {alterar.error ? <FormAlert>{errorMessage(alterar.error)}</FormAlert> : null}
      <TextField
        label="Nome"
        name="name"
        maxLength={120}
        autoComplete="off"
        data-autofocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      {temDias ? (
        <TextField
          label={antes ? 'Dias antes do vencimento' : 'Dias após o vencimento'}
          name="dias"
          inputMode="numeric"
          autoComplete="off"
          hint={
            antes
              ? 'Números inteiros separados por vírgula, como 90, 60, 30, 15, 7, 3, 1.'
              : 'Números inteiros separados por vírgula, como 0, 7, 14, 30 (0 é o próprio dia do vencimento).'
          }
          value={dias}
          onChange={(event) => setDias(event.target.value)}
          error={errors.dias}
        />
      ) : null}
      <SelectField
        label="Modelo de e-mail"
        name="templateType"
        value={templateType}
        onChange={(event) => setTemplateType(event.target.value)}
      >
        <option value="">{MODELO_AUTOMATICO}</option>
        {modelos.map((tipo) => (
          <option key={tipo} value={tipo}>
            {rotuloTipoEmail(tipo)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Horário"
          name="runTime"
          type="time"
          hint="No fuso horário da empresa."
          value={runTime}
          onChange={(event) => setRunTime(event.target.value)}
          error={errors.runTime}
        />
        <SelectField
          label="Frequência"
          name="frequency"
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as Frequencia)}
        >
          {(Object.keys(rotulosFrequencia) as Frequencia[]).map((chave) => (
            <option key={chave} value={chave}>
              {rotulosFrequencia[chave]}
            </option>
          ))}
        </SelectField>
      </div>
      {frequency === 'weekly' ? (
        <SelectField
          label="Dia da semana"
          name="weekday"
          value={String(weekday)}
          onChange={(event) => setWeekday(Number(event.target.value))}
        >
          {diasDaSemana.map((dia, indice) => (
            <option key={dia} value={indice}>
              {dia}
            </option>
          ))}
        </SelectField>
      ) : null}
      {regra.kind === 'vencido' ? (
        <CheckboxField
          label="Parar quando o cliente responder"
          name="pararAposResposta"
          hint="Se o cliente pedir a renovação ou disser que já está providenciando, os avisos de vencido desta regra deixam de sair para esse vencimento. Os lembretes antes do vencimento sempre param."
          checked={pararAposResposta}
          onChange={(event) => setPararAposResposta(event.target.checked)}
        />
      ) : null}
      {temDias ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Tipos de laudo</legend>
          <p className="text-sm text-slate-600">
            Nenhum marcado: a regra vale para todos os tipos. Marcados: só para esses (por exemplo, elevadores
            com 15, 7 e 1 dia antes).
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {opcoesDeTipo.map((nome) => (
              <CheckboxField
                key={nome}
                label={nome}
                name="tipos"
                value={nome}
                checked={tipos.includes(nome)}
                onChange={(event) =>
                  setTipos(event.target.checked ? [...tipos, nome] : tipos.filter((t) => t !== nome))
                }
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {temDias ? (
        <CheckboxField
          label="Um e-mail por destinatário"
          name="resumo"
          hint="Em cada execução, os laudos desta regra vão num só e-mail por destinatário, agrupados por urgência, cada um com seus botões de resposta."
          checked={resumo}
          onChange={(event) => setResumo(event.target.checked)}
        />
      ) : null}
      {regra.kind === 'vencido' ? (
        <TextField
          label="Escalonar aos gestores após (dias)"
          name="escalarAposDias"
          inputMode="numeric"
          autoComplete="off"
          hint="Se o laudo vencido continuar sem resposta este número de dias depois do primeiro aviso, uma cópia vai aos gestores da empresa (uma vez por vencimento). Vazio: não escalonar."
          value={escalarAposDias}
          onChange={(event) => setEscalarAposDias(event.target.value)}
          error={errors.escalarAposDias}
        />
      ) : null}
      <CheckboxField
        label="Regra ativa"
        name="enabled"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={alterar.isPending} className={buttonClass('primary')}>
          {alterar.isPending ? 'Salvando...' : 'Salvar'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
