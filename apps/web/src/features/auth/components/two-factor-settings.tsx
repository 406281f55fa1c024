import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCopiar, useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/validation';
import { verifyTotp } from '../api/sign-in';
import { ativarDoisFatores, desativarDoisFatores, type TwoFactorSetup } from '../api/two-factor';
import { useAuth } from '../auth-context';

type Stage =
  | { name: 'idle' }
  | { name: 'password'; action: 'enable' | 'disable' }
  | { name: 'setup'; setup: TwoFactorSetup };

/**
 * Turning two-factor on: confirm the password, add the account to an authenticator app (URI or
 * secret), keep the backup codes, then prove it works with a first code. Off: the password again.
 */
export function TwoFactorSettings() {
  const { user, refresh } = useAuth();
  const { showToast } = useToast();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const enabled = user?.dois_fatores ?? false;

  async function finished(title: string) {
    setStage({ name: 'idle' });
    showToast({ type: 'success', title });
    await refresh().catch(() => null);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">
          Além da senha, um código do aplicativo autenticador do seu celular é pedido para entrar.
        </p>
        <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'Ativada' : 'Desativada'}</Badge>
      </div>

      {stage.name === 'idle' ? (
        <button
          type="button"
          onClick={() => setStage({ name: 'password', action: enabled ? 'disable' : 'enable' })}
          className={buttonClass(enabled ? 'secondary' : 'primary')}
        >
          {enabled ? 'Desativar verificação em duas etapas' : 'Ativar verificação em duas etapas'}
        </button>
      ) : null}

      {stage.name === 'password' ? (
        <PasswordStep
          action={stage.action}
          onCancel={() => setStage({ name: 'idle' })}
          onEnabled={(setup) => setStage({ name: 'setup', setup })}
          onDisabled={() => finished('Verificação em duas etapas desativada')}
        />
      ) : null}

      {stage.name === 'setup' ? (
        <SetupStep
          setup={stage.setup}
          onCancel={() => setStage({ name: 'idle' })}
          onVerified={() => finished('Verificação em duas etapas ativada')}
        />
      ) : null}
    </div>
  );
}

function PasswordStep({
  action,
  onCancel,
  onEnabled,
  onDisabled,
}: {
  action: 'enable' | 'disable';
  onCancel: () => void;
  onEnabled: (setup: TwoFactorSetup) => void;
  onDisabled: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enable = useMutation({ mutationFn: ativarDoisFatores, onSuccess: onEnabled });
  const disable = useMutation({ mutationFn: desativarDoisFatores, onSuccess: onDisabled });
  const mutation = action === 'enable' ? enable : disable;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = password === '' ? 'Informe sua senha.' : undefined;
    setError(found);
    if (!found) mutation.mutate(password);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      {mutation.error ? <FormAlert>{errorMessage(mutation.error)}</FormAlert> : null}
      <TextField
        label="Confirme sua senha"
        name="senhaDoisFatores"
        type="password"
        autoComplete="current-password"
        // Opened by the button just pressed: the password is typed right away.
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={mutation.isPending}
          className={buttonClass(action === 'enable' ? 'primary' : 'danger')}
        >
          {mutation.isPending ? 'Aguarde...' : action === 'enable' ? 'Continuar' : 'Desativar'}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

function SetupStep({
  setup,
  onCancel,
  onVerified,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({ mutationFn: verifyTotp, onSuccess: onVerified });

  const copiar = useCopiar();
  const copy = (text: string, what: string) => copiar(text, `${what} copiado`, 'o texto');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = code.replace(/\s/g, '');
    const found = /^\d{6}$/.test(clean) ? undefined : 'Informe o código de 6 dígitos.';
    setError(found);
    if (!found) verify.mutate({ code: clean });
  }

  return (
    <div className="space-y-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <section aria-labelledby="dois-fatores-passo-1">
        <h3 id="dois-fatores-passo-1" className="font-semibold text-slate-900">
          1. Adicione a conta ao aplicativo autenticador
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          No Google Authenticator, Microsoft Authenticator ou similar, escolha adicionar uma conta e digite a
          chave abaixo (ou cole o endereço completo).
        </p>
        {setup.secret ? (
          <div className="mt-3">
            <p className="text-sm font-medium text-slate-900">Chave secreta</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code className="rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-300">
                {setup.secret}
              </code>
              <button
                type="button"
                onClick={() => copy(setup.secret?.replace(/\s/g, '') ?? '', 'Chave')}
                className={buttonClass('secondary', 'sm')}
              >
                Copiar chave
              </button>
            </div>
          </div>
        ) : null}
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-900">Endereço para o aplicativo</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="max-w-full rounded-lg bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-300">
              {setup.totpURI}
            </code>
            <button
              type="button"
              onClick={() => copy(setup.totpURI, 'Endereço')}
              className={buttonClass('secondary', 'sm')}
            >
              Copiar endereço
            </button>
          </div>
        </div>
      </section>

      <section aria-labelledby="dois-fatores-passo-2">
        <h3 id="dois-fatores-passo-2" className="font-semibold text-slate-900">
          2. Guarde os códigos de backup
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Se perder o celular, entre com um destes códigos. Cada um vale uma vez. Guarde-os em lugar seguro:
          eles não serão mostrados de novo.
        </p>
        <ul aria-label="Códigos de backup" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {setup.backupCodes.map((backupCode) => (
            <li
              key={backupCode}
              className="rounded-lg bg-white px-3 py-2 text-center font-mono text-sm text-slate-900 ring-1 ring-slate-300"
            >
              {backupCode}
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => copy(setup.backupCodes.join('\n'), 'Códigos')}
          className={`${buttonClass('secondary', 'sm')} mt-3`}
        >
          Copiar códigos
        </button>
      </section>

      <form noValidate onSubmit={onSubmit} aria-labelledby="dois-fatores-passo-3" className="space-y-3">
        <h3 id="dois-fatores-passo-3" className="font-semibold text-slate-900">
          3. Confirme com um código do aplicativo
        </h3>
        {verify.error ? <FormAlert>{errorMessage(verify.error)}</FormAlert> : null}
        <TextField
          label="Código de 6 dígitos"
          name="codigo"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={verify.isPending} className={buttonClass('primary')}>
            {verify.isPending ? 'Verificando...' : 'Confirmar e ativar'}
          </button>
          <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
            Cancelar
          </button>
        </div>
      </form>
    </div>
  );
}
