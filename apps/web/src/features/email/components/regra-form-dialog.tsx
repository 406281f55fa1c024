import { emailTemplateTypes, isEmailTemplateType } from '@laudos/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
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
import { diasDaSemana, MODELO_AUTOMATICO, rotulosFrequencia } from './rotulos';

/** The server refuses days outside 0..3650. */
const MAX_DIAS = 3650;
const MAX_DIAS_POR_REGRA = 60;
const HORARIO = /^([01]\d|2[0-3]):[0-5]\d$/;

type Field = 'name' | 'dias' | 'runTime';

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
      ...(regra.kind === 'vencido' ? { pararAposResposta } : {}),
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
      <CheckboxField
        label="Regra ativa"
        name="enabled"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={alterar.isPending} className={buttonClass('primary')}>
          {alterar.isPending ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
