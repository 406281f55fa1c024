import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { emailError, errorMessage, focusFirstError, requiredError } from '../../../lib/validation';
import {
  type AppSettings,
  fieldsInValidationMessage,
  useAdminSettings,
  useSalvarConfiguracoes,
} from '../api/admin-settings';

type Draft = Omit<AppSettings, 'branding' | 'contact' | 'limits'> & {
  branding: { companyName: string; primaryColor: string; logo: string };
  contact: AppSettings['contact'];
  limits: { maxFileSizeMb: string; maxLaudosPerClient: string; maxUsers: string };
};

/** The text fields, by their path in the settings object (also their input names). */
const fieldLabels = {
  'branding.companyName': 'Nome da empresa',
  'branding.primaryColor': 'Cor primária',
  'branding.logo': 'Logo',
  'contact.email': 'E-mail de contato',
  'contact.phone': 'Telefone',
  'contact.whatsapp': 'WhatsApp',
  'contact.address': 'Endereço',
  'contact.website': 'Site',
  'limits.maxFileSizeMb': 'Tamanho máximo de arquivo',
  'limits.maxLaudosPerClient': 'Máximo de laudos por cliente',
  'limits.maxUsers': 'Máximo de usuários',
} as const;

type FieldPath = keyof typeof fieldLabels;
type Errors = Partial<Record<FieldPath, string>>;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function toDraft(settings: AppSettings): Draft {
  return {
    ...settings,
    branding: { ...settings.branding, logo: settings.branding.logo ?? '' },
    contact: { ...settings.contact },
    limits: {
      maxFileSizeMb: String(settings.limits.maxFileSizeMb),
      maxLaudosPerClient: String(settings.limits.maxLaudosPerClient),
      maxUsers: String(settings.limits.maxUsers),
    },
  };
}

function integerError(value: string, min: number, max?: number): string | undefined {
  if (!/^\d+$/.test(value.trim())) return 'Use um número inteiro.';
  const number = Number(value);
  if (number < min) return `O mínimo é ${min}.`;
  if (max !== undefined && number > max) return `O máximo é ${max}.`;
  return undefined;
}

function maxLengthError(value: string, max: number): string | undefined {
  return value.length > max ? `Use no máximo ${max} caracteres.` : undefined;
}

/** Same rules as the server (packages/domain settings schema), checked before sending. */
function validate(draft: Draft): Errors {
  const { branding, contact, limits } = draft;
  const logo = branding.logo.trim();
  const errors: Errors = {
    'branding.companyName':
      requiredError(branding.companyName, 'Informe o nome da empresa.') ??
      maxLengthError(branding.companyName, 120),
    'branding.primaryColor': HEX_COLOR.test(branding.primaryColor.trim())
      ? undefined
      : 'Use o formato #RRGGBB, por exemplo #0BA2E9.',
    'branding.logo':
      logo && !/^(https?:\/\/|\/)/.test(logo)
        ? 'Informe um endereço que comece com https:// (ou deixe em branco).'
        : maxLengthError(logo, 2048),
    'contact.email': emailError(contact.email),
    'contact.phone': maxLengthError(contact.phone, 40),
    'contact.whatsapp': /^\d{10,15}$/.test(contact.whatsapp.trim())
      ? undefined
      : 'Use apenas dígitos, com DDI e DDD (ex.: 5511999999999).',
    'contact.address': maxLengthError(contact.address, 300),
    'contact.website': maxLengthError(contact.website, 300),
    'limits.maxFileSizeMb': integerError(limits.maxFileSizeMb, 1, 100),
    'limits.maxLaudosPerClient': integerError(limits.maxLaudosPerClient, 1),
    'limits.maxUsers': integerError(limits.maxUsers, 1),
  };
  for (const key of Object.keys(errors) as FieldPath[]) if (!errors[key]) delete errors[key];
  return errors;
}

function fromDraft(draft: Draft): AppSettings {
  return {
    ...draft,
    branding: {
      companyName: draft.branding.companyName.trim(),
      primaryColor: draft.branding.primaryColor.trim().toUpperCase(),
      logo: draft.branding.logo.trim() || null,
    },
    contact: {
      email: draft.contact.email.trim(),
      phone: draft.contact.phone.trim(),
      whatsapp: draft.contact.whatsapp.trim(),
      address: draft.contact.address.trim(),
      website: draft.contact.website.trim(),
    },
    limits: {
      maxFileSizeMb: Number(draft.limits.maxFileSizeMb),
      maxLaudosPerClient: Number(draft.limits.maxLaudosPerClient),
      maxUsers: Number(draft.limits.maxUsers),
    },
  };
}

type SettingsFormProps = {
  /** Whether the admin using the form has two-factor on (to warn before requiring it). */
  adminHasTwoFactor: boolean;
};

/** The "Configurações" tab of /admin. */
export function SettingsForm({ adminHasTwoFactor }: SettingsFormProps) {
  const settings = useAdminSettings();
  if (settings.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Carregando configurações...
      </p>
    );
  }
  if (settings.isError) return <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />;
  return <LoadedSettingsForm initial={settings.data} adminHasTwoFactor={adminHasTwoFactor} />;
}

function LoadedSettingsForm({
  initial,
  adminHasTwoFactor,
}: {
  initial: AppSettings;
  adminHasTwoFactor: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const salvar = useSalvarConfiguracoes();
  const [saved, setSaved] = useState(() => toDraft(initial));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  function update<G extends 'branding' | 'contact' | 'limits'>(group: G, key: keyof Draft[G], value: string) {
    setDraft((current) => ({ ...current, [group]: { ...current[group], [key]: value } }));
  }

  function text(path: FieldPath) {
    const [group, key] = path.split('.') as ['branding' | 'contact' | 'limits', string];
    const groupValues = draft[group] as Record<string, string>;
    return {
      name: path,
      value: groupValues[key] ?? '',
      error: errors[path],
      onChange: (event: { target: { value: string } }) =>
        update(group, key as keyof Draft[typeof group], event.target.value),
    };
  }

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
        const fromServer: Errors = {};
        for (const field of fieldsInValidationMessage(error.message)) {
          if (field in fieldLabels) fromServer[field as FieldPath] = 'O servidor não aceitou este valor.';
        }
        setErrors(fromServer);
        focusFirstError(formRef.current, fromServer);
      },
    });
  }

  const serverFields = Object.keys(errors) as FieldPath[];
  const alert = salvar.error
    ? salvar.error instanceof ApiError && salvar.error.code === 'DADOS_INVALIDOS' && serverFields.length > 0
      ? `Confira os campos marcados: ${serverFields.map((field) => fieldLabels[field]).join(', ')}.`
      : errorMessage(salvar.error)
    : null;
  const colorPreview = HEX_COLOR.test(draft.branding.primaryColor.trim())
    ? draft.branding.primaryColor.trim().toLowerCase()
    : '#000000';
  const logo = draft.branding.logo.trim();

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Configurações</h2>
      {alert ? <FormAlert>{alert}</FormAlert> : null}

      <Group title="Modo de envio">
        <div className="grid gap-3 sm:grid-cols-2">
          <ModeOption
            value="sandbox"
            checked={draft.mode === 'sandbox'}
            onChange={() => setDraft((current) => ({ ...current, mode: 'sandbox' }))}
            label="Sandbox (teste)"
            description="Nenhum e-mail sai do sistema: as mensagens ficam guardadas para conferência."
          />
          <ModeOption
            value="production"
            checked={draft.mode === 'production'}
            onChange={() => setDraft((current) => ({ ...current, mode: 'production' }))}
            label="Produção"
            description="Os e-mails são entregues de verdade aos clientes pelo provedor configurado."
          />
        </div>
      </Group>

      <Group title="Notificações" description="Canais usados para avisar os clientes.">
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['email', 'Por e-mail'],
              ['whatsapp', 'Por WhatsApp'],
              ['sms', 'Por SMS'],
            ] as const
          ).map(([key, label]) => (
            <CheckboxField
              key={key}
              label={label}
              name={`notifications.${key}`}
              checked={draft.notifications[key]}
              onChange={(event) =>
                setDraft((current) => ({
                  ...current,
                  notifications: { ...current.notifications, [key]: event.target.checked },
                }))
              }
            />
          ))}
        </div>
      </Group>

      <Group title="Recursos">
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['fileUpload', 'Envio de arquivos'],
              ['pdfViewer', 'Visualizador de PDF'],
              ['excelViewer', 'Visualizador de planilhas'],
              ['multipleUsers', 'Vários usuários por empresa'],
            ] as const
          ).map(([key, label]) => (
            <CheckboxField
              key={key}
              label={label}
              name={`features.${key}`}
              checked={draft.features[key]}
              onChange={(event) =>
                setDraft((current) => ({
                  ...current,
                  features: { ...current.features, [key]: event.target.checked },
                }))
              }
            />
          ))}
        </div>
      </Group>

      <Group title="Marca">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nome da empresa" autoComplete="off" {...text('branding.companyName')} />
          <div className="flex items-start gap-3">
            <TextField
              className="flex-1"
              label="Cor primária"
              autoComplete="off"
              spellCheck={false}
              hint="No formato #RRGGBB."
              {...text('branding.primaryColor')}
            />
            <input
              type="color"
              aria-label="Escolher a cor primária"
              value={colorPreview}
              onChange={(event) => update('branding', 'primaryColor', event.target.value.toUpperCase())}
              // Level with the text input: below its label (1.25rem) and margin (0.25rem).
              className="mt-6 h-[42px] w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
            />
          </div>
          <TextField
            className="sm:col-span-2"
            label="Logo (endereço da imagem)"
            optional
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            {...text('branding.logo')}
          />
          {logo && /^https?:\/\//.test(logo) ? (
            <div className="sm:col-span-2">
              <p className="text-sm text-slate-600">Pré-visualização</p>
              <img
                src={logo}
                alt="Logo informado"
                className="mt-1 max-h-16 max-w-full rounded bg-slate-50 p-1 ring-1 ring-slate-200"
              />
            </div>
          ) : null}
        </div>
      </Group>

      <Group title="Contato" description="Aparece no site e no rodapé dos e-mails.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="E-mail de contato"
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...text('contact.email')}
          />
          <TextField label="Telefone" type="tel" autoComplete="off" {...text('contact.phone')} />
          <TextField
            label="WhatsApp"
            inputMode="numeric"
            autoComplete="off"
            hint="Só dígitos, com DDI e DDD: 5511999999999."
            {...text('contact.whatsapp')}
          />
          <TextField
            label="Site"
            type="url"
            inputMode="url"
            autoComplete="off"
            {...text('contact.website')}
          />
          <TextField
            className="sm:col-span-2"
            label="Endereço"
            autoComplete="off"
            {...text('contact.address')}
          />
        </div>
      </Group>

      <Group title="Limites">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Tamanho máximo de arquivo (MB)"
            inputMode="numeric"
            autoComplete="off"
            hint="De 1 a 100."
            {...text('limits.maxFileSizeMb')}
          />
          <TextField
            label="Máximo de laudos por cliente"
            inputMode="numeric"
            autoComplete="off"
            {...text('limits.maxLaudosPerClient')}
          />
          <TextField
            label="Máximo de usuários"
            inputMode="numeric"
            autoComplete="off"
            {...text('limits.maxUsers')}
          />
        </div>
      </Group>

      <Group title="Segurança">
        <CheckboxField
          label="Exigir verificação em duas etapas para administradores"
          hint="Administradores sem a verificação ativada ficam sem acesso às funções de administração até ativá-la em Minha conta."
          name="security.requireTwoFactorForAdmins"
          checked={draft.security.requireTwoFactorForAdmins}
          onChange={(event) =>
            setDraft((current) => ({
              ...current,
              security: { requireTwoFactorForAdmins: event.target.checked },
            }))
          }
        />
        {draft.security.requireTwoFactorForAdmins && !adminHasTwoFactor ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            Atenção: você ainda não ativou a verificação em duas etapas. Ao salvar, ative-a em Minha conta
            para continuar administrando.
          </p>
        ) : null}
      </Group>

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

function Group({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const descriptionId = useId();
  return (
    <fieldset
      aria-describedby={description ? descriptionId : undefined}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{title}</legend>
      <div className="clear-left pt-1">
        {description ? (
          <p id={descriptionId} className="mb-4 text-sm text-slate-600">
            {description}
          </p>
        ) : (
          <div className="mb-3" />
        )}
        {children}
      </div>
    </fieldset>
  );
}

function ModeOption({
  value,
  checked,
  onChange,
  label,
  description,
}: {
  value: AppSettings['mode'];
  checked: boolean;
  onChange: () => void;
  label: string;
  description: string;
}) {
  const id = useId();
  return (
    <div
      className={`flex items-start gap-3 rounded-xl p-4 ring-1 ${
        checked ? 'bg-brand-50 ring-brand-700' : 'bg-white ring-slate-200'
      }`}
    >
      <input
        id={id}
        type="radio"
        name="mode"
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={`${id}-descricao`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-descricao`} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      </div>
    </div>
  );
}
