import { ROTULOS_DOS_TIPOS, TIPOS_DE_MENSAGEM } from '@laudos/domain';
import { type ReactNode, useId } from 'react';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import type { AppSettings } from '../api/admin-settings';
import { type Draft, type FieldPath, HEX_COLOR } from './settings-draft';

/** What every section of the settings form gets: the draft, a way to change it, the text fields' props. */
export type SectionProps = {
  draft: Draft;
  change: (update: (current: Draft) => Draft) => void;
  /** name, value, error and onChange of a text field. */
  field: (path: FieldPath) => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (event: { target: { value: string } }) => void;
  };
};

export function ModoSection({ draft, change }: SectionProps) {
  return (
    <Group title="Modo de envio">
      <div className="grid gap-3 sm:grid-cols-2">
        <ModeOption
          value="sandbox"
          checked={draft.mode === 'sandbox'}
          onChange={() => change((current) => ({ ...current, mode: 'sandbox' }))}
          label="Sandbox (teste)"
          description="Nenhum e-mail sai do sistema: as mensagens ficam guardadas para conferência."
        />
        <ModeOption
          value="production"
          checked={draft.mode === 'production'}
          onChange={() => change((current) => ({ ...current, mode: 'production' }))}
          label="Produção"
          description="Os e-mails são entregues de verdade aos clientes pelo provedor configurado."
        />
      </div>
    </Group>
  );
}

const canais = [
  ['email', 'Por e-mail'],
  ['whatsapp', 'Por WhatsApp'],
  ['sms', 'Por SMS'],
] as const;

export function NotificacoesSection({ draft, change }: SectionProps) {
  return (
    <Group title="Notificações" description="Canais usados para avisar os clientes.">
      <div className="grid gap-3 sm:grid-cols-3">
        {canais.map(([key, label]) => (
          <CheckboxField
            key={key}
            label={label}
            name={`notifications.${key}`}
            checked={draft.notifications[key]}
            onChange={(event) =>
              change((current) => ({
                ...current,
                notifications: { ...current.notifications, [key]: event.target.checked },
              }))
            }
          />
        ))}
      </div>
      <fieldset className="mt-6">
        <legend className="text-sm font-semibold text-slate-900">Avisos obrigatórios</legend>
        <p className="mt-1 text-sm text-slate-600">
          Os clientes não podem desligar estes avisos nas preferências de notificação: eles são enviados mesmo
          a quem se descadastrou.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {TIPOS_DE_MENSAGEM.map((tipo) => (
            <CheckboxField
              key={tipo}
              label={ROTULOS_DOS_TIPOS[tipo]}
              name={`notifications.tiposObrigatorios.${tipo}`}
              checked={draft.notifications.tiposObrigatorios.includes(tipo)}
              onChange={(event) =>
                change((current) => {
                  const atuais = current.notifications.tiposObrigatorios.filter((t) => t !== tipo);
                  const tiposObrigatorios = TIPOS_DE_MENSAGEM.filter(
                    (t) => atuais.includes(t) || (t === tipo && event.target.checked),
                  );
                  return { ...current, notifications: { ...current.notifications, tiposObrigatorios } };
                })
              }
            />
          ))}
        </div>
      </fieldset>
    </Group>
  );
}

/** Each template's body parameters, in the order the server sends them (decision 037). */
const modelosWhatsapp = [
  {
    path: 'whatsapp.modeloAntes',
    label: 'Modelo do lembrete antes do vencimento',
    parametros:
      '{{1}} nome da pessoa, {{2}} nome do laudo, {{3}} código, {{4}} vencimento (dd/mm/aaaa), {{5}} dias até vencer',
  },
  {
    path: 'whatsapp.modeloDepois',
    label: 'Modelo do lembrete após o vencimento',
    parametros:
      '{{1}} nome da pessoa, {{2}} nome do laudo, {{3}} código, {{4}} vencimento (dd/mm/aaaa), {{5}} dias desde o vencimento',
  },
  {
    path: 'whatsapp.modeloConfirmacao',
    label: 'Modelo da confirmação da resposta ao lembrete',
    parametros:
      '{{1}} nome da pessoa, {{2}} nome do laudo, {{3}} código, {{4}} vencimento (dd/mm/aaaa), {{5}} resposta (Solicitar renovação ou Já estou providenciando)',
  },
  {
    path: 'whatsapp.modeloResumo',
    label: 'Modelo do resumo mensal',
    parametros:
      '{{1}} nome da pessoa, {{2}} mês (novembro de 2026), {{3}} total de laudos, {{4}} vencendo, {{5}} vencidos',
  },
] as const;

export function WhatsappSection({ field }: SectionProps) {
  return (
    <Group
      title="Modelos do WhatsApp"
      description="Nomes dos modelos de mensagem aprovados no WhatsApp Manager da Meta, em português (pt_BR). Cada modelo recebe no corpo os parâmetros indicados, nesta ordem. O canal só funciona com as variáveis WHATSAPP_* configuradas no servidor e a opção Por WhatsApp ligada."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {modelosWhatsapp.map((m) => (
          <TextField
            key={m.path}
            label={m.label}
            autoComplete="off"
            spellCheck={false}
            hint={`Parâmetros: ${m.parametros}.`}
            {...field(m.path)}
          />
        ))}
      </div>
    </Group>
  );
}

const recursos = [
  ['fileUpload', 'Envio de arquivos'],
  ['pdfViewer', 'Visualizador de PDF'],
  ['excelViewer', 'Visualizador de planilhas'],
  ['multipleUsers', 'Vários usuários por empresa'],
] as const;

export function RecursosSection({ draft, change }: SectionProps) {
  return (
    <Group title="Recursos">
      <div className="grid gap-3 sm:grid-cols-2">
        {recursos.map(([key, label]) => (
          <CheckboxField
            key={key}
            label={label}
            name={`features.${key}`}
            checked={draft.features[key]}
            onChange={(event) =>
              change((current) => ({
                ...current,
                features: { ...current.features, [key]: event.target.checked },
              }))
            }
          />
        ))}
      </div>
    </Group>
  );
}

export function MarcaSection({ draft, change, field }: SectionProps) {
  const colorPreview = HEX_COLOR.test(draft.branding.primaryColor.trim())
    ? draft.branding.primaryColor.trim().toLowerCase()
    : '#000000';
  const logo = draft.branding.logo.trim();
  return (
    <Group title="Marca">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nome da empresa" autoComplete="off" {...field('branding.companyName')} />
        <div className="flex items-start gap-3">
          <TextField
            className="flex-1"
            label="Cor primária"
            autoComplete="off"
            spellCheck={false}
            hint="No formato #RRGGBB."
            {...field('branding.primaryColor')}
          />
          <input
            type="color"
            aria-label="Escolher a cor primária"
            value={colorPreview}
            onChange={(event) => {
              const primaryColor = event.target.value.toUpperCase();
              change((current) => ({ ...current, branding: { ...current.branding, primaryColor } }));
            }}
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
          {...field('branding.logo')}
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
  );
}

export function ContatoSection({ field }: SectionProps) {
  return (
    <Group title="Contato" description="Aparece no site e no rodapé dos e-mails.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-mail de contato"
          type="email"
          autoComplete="off"
          spellCheck={false}
          {...field('contact.email')}
        />
        <TextField label="Telefone" type="tel" autoComplete="off" {...field('contact.phone')} />
        <TextField
          label="WhatsApp"
          inputMode="numeric"
          autoComplete="off"
          hint="Só dígitos, com DDI e DDD: 5511999999999."
          {...field('contact.whatsapp')}
        />
        <TextField label="Site" type="url" inputMode="url" autoComplete="off" {...field('contact.website')} />
        <TextField
          className="sm:col-span-2"
          label="Endereço"
          autoComplete="off"
          {...field('contact.address')}
        />
      </div>
    </Group>
  );
}

export function LimitesSection({ field }: SectionProps) {
  return (
    <Group title="Limites">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Tamanho máximo de arquivo (MB)"
          inputMode="numeric"
          autoComplete="off"
          hint="De 1 a 100."
          {...field('limits.maxFileSizeMb')}
        />
        <TextField
          label="Máximo de laudos por cliente"
          inputMode="numeric"
          autoComplete="off"
          {...field('limits.maxLaudosPerClient')}
        />
        <TextField
          label="Máximo de usuários"
          inputMode="numeric"
          autoComplete="off"
          {...field('limits.maxUsers')}
        />
      </div>
    </Group>
  );
}

export function SegurancaSection({
  draft,
  change,
  field,
  adminHasTwoFactor,
}: SectionProps & { adminHasTwoFactor: boolean }) {
  return (
    <Group title="Segurança">
      <CheckboxField
        label="Exigir verificação em duas etapas para administradores"
        hint="Administradores sem a verificação ativada ficam sem acesso às funções de administração até ativá-la em Minha conta."
        name="security.requireTwoFactorForAdmins"
        checked={draft.security.requireTwoFactorForAdmins}
        onChange={(event) =>
          change((current) => ({
            ...current,
            security: { requireTwoFactorForAdmins: event.target.checked },
          }))
        }
      />
      {draft.security.requireTwoFactorForAdmins && !adminHasTwoFactor ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Atenção: você ainda não ativou a verificação em duas etapas. Ao salvar, ative-a em Minha conta para
          continuar administrando.
        </p>
      ) : null}
      <TextField
        className="mt-4 sm:max-w-xs"
        label="Retenção do registro de auditoria (dias)"
        inputMode="numeric"
        autoComplete="off"
        hint="De 30 a 3650. Entradas mais antigas são apagadas todas as noites (padrão: 730, dois anos)."
        {...field('auditoria.retencaoDias')}
      />
    </Group>
  );
}

/** A plan the recommended-plan choice offers (the page passes them: features import no other feature). */
export type OpcaoDePlano = { id: string; nome: string; ativo: boolean };

export function PlanosSection({ draft, change, planos }: SectionProps & { planos: readonly OpcaoDePlano[] }) {
  const escolhido = draft.plans.recommendedPlanId;
  // A recommended plan that was deleted since still shows, so the admin sees why nothing is marked.
  const desconhecido = escolhido !== null && !planos.some((plano) => plano.id === escolhido);
  return (
    <Group title="Planos" description="O plano destacado na página pública de planos.">
      <SelectField
        label="Plano recomendado"
        hint="Aparece com o selo “Recomendado” em /planos. Um plano inativo não aparece na página."
        name="plans.recommendedPlanId"
        value={escolhido ?? ''}
        onChange={(event) =>
          change((current) => ({ ...current, plans: { recommendedPlanId: event.target.value || null } }))
        }
      >
        <option value="">Nenhum</option>
        {planos.map((plano) => (
          <option key={plano.id} value={plano.id}>
            {plano.ativo ? plano.nome : `${plano.nome} (inativo)`}
          </option>
        ))}
        {desconhecido ? <option value={escolhido}>Plano removido</option> : null}
      </SelectField>
    </Group>
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
