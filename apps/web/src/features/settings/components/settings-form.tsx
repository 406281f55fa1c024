import { type FormEvent, useRef, useState } from 'react';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { errorMessage, focusFirstError } from '../../../lib/validation';
import { type AppSettings, useAdminSettings, useSalvarConfiguracoes } from '../api/admin-settings';
import {
  type Draft,
  type Errors,
  type FieldPath,
  fieldLabels,
  fromDraft,
  toDraft,
  validate,
} from './settings-draft';
import {
  ContatoSection,
  LimitesSection,
  MarcaSection,
  ModoSection,
  NotificacoesSection,
  type OpcaoDePlano,
  PlanosSection,
  RecursosSection,
  type SectionProps,
  SegurancaSection,
  WhatsappSection,
} from './settings-sections';

type SettingsFormProps = {
  /** Whether the admin using the form has two-factor on (to warn before requiring it). */
  adminHasTwoFactor: boolean;
  /** The plans the recommended plan is chosen from. */
  planos: readonly OpcaoDePlano[];
};

/** The "Configurações" tab of /admin. */
export function SettingsForm({ adminHasTwoFactor, planos }: SettingsFormProps) {
  const settings = useAdminSettings();
  const revelando = useRevealDelay(settings.isPending);
  if (settings.isPending || revelando) return <SkeletonText lines={6} label="Carregando configurações..." />;
  if (settings.isError) return <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />;
  return <LoadedSettingsForm initial={settings.data} adminHasTwoFactor={adminHasTwoFactor} planos={planos} />;
}

/** The draft, its checks and the save; the sections (settings-sections.tsx) show the fields. */
function LoadedSettingsForm({
  initial,
  adminHasTwoFactor,
  planos,
}: {
  initial: AppSettings;
  adminHasTwoFactor: boolean;
  planos: readonly OpcaoDePlano[];
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const salvar = useSalvarConfiguracoes();
  const [saved, setSaved] = useState(() => toDraft(initial));
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const field: SectionProps['field'] = (path) => {
    const [group, key] = path.split('.') as ['branding' | 'contact' | 'limits' | 'whatsapp', string];
    return {
      name: path,
      value: (draft[group] as Record<string, string>)[key] ?? '',
      error: errors[path],
      onChange: (event) => {
        const { value } = event.target;
        setDraft((current) => ({ ...current, [group]: { ...current[group], [key]: value } }));
      },
    };
  };
  const section: SectionProps = { draft, change: setDraft, field };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    salvar.mutate(fromDraft(draft), {
      onSuccess: (result) => {
        const next = toDraft(result);
        setSaved(next);
        setDraft(next);
        showToast({ type: 'success', title: 'Configurações salvas' });
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.code !== 'DADOS_INVALIDOS') return;
        // The 400 names each field it refused, with the reason (`campos`).
        const fromServer: Errors = {};
        for (const { campo, mensagem } of error.campos) {
          if (campo in fieldLabels) fromServer[campo as FieldPath] = mensagem;
        }
        setErrors(fromServer);
        focusFirstError(formRef.current, fromServer);
      },
    });
  }

  const serverFields = Object.keys(errors) as FieldPath[];
  const alert = salvar.error
    ? salvar.error instanceof ApiError && salvar.error.code === 'DADOS_INVALIDOS' && serverFields.length > 0
      ? `Confira os campos marcados: ${serverFields.map((name) => fieldLabels[name]).join(', ')}.`
      : errorMessage(salvar.error)
    : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Configurações</h2>
      {alert ? <FormAlert>{alert}</FormAlert> : null}

      <ModoSection {...section} />
      <NotificacoesSection {...section} />
      <WhatsappSection {...section} />
      <RecursosSection {...section} />
      <MarcaSection {...section} />
      <ContatoSection {...section} />
      <LimitesSection {...section} />
      <SegurancaSection {...section} adminHasTwoFactor={adminHasTwoFactor} />
      <PlanosSection {...section} planos={planos} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          disabled={!dirty || salvar.isPending}
          onClick={() => {
            setDraft(saved);
            setErrors({});
            salvar.reset();
          }}
          className={buttonClass('secondary')}
        >
          Descartar alterações
        </button>
        <button type="submit" disabled={salvar.isPending} className={buttonClass('primary')}>
          {salvar.isPending ? 'Salvando...' : 'Salvar configurações'}
        </button>
      </div>
    </form>
  );
}
