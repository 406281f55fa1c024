import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths } from '../../../lib/paths';
import {
  collectErrors,
  emailError,
  errorMessage,
  type FieldErrors,
  focusFirstError,
  requiredError,
} from '../../../lib/validation';
import {
  type SignInResult,
  type SocialProvider,
  signInWithEmail,
  startSocialSignIn,
  verifyBackupCode,
  verifyTotp,
} from '../api/sign-in';
import { useAuth } from '../auth-context';
import { linkClass } from './auth-card';

export type SocialProviders = { google: boolean; microsoft: boolean };

type LoginFormProps = {
  /** Which social sign-ins the server offers (GET /api/settings/public). */
  socialProviders: SocialProviders;
  /** A message to show from the start, e.g. after a failed social sign-in. */
  initialError?: string | null;
  /** The e-mail filled in from the start (the account an invitation just created). */
  initialEmail?: string;
};

/**
 * E-mail and password, then, for accounts with two-factor, the authenticator or a backup code.
 * Once the session exists the profile is re-read; the GuestOnly guard then moves on (to the page
 * that asked for the sign-in, /change-password on a first access, or /dashboard).
 */
export function LoginForm({ socialProviders, initialError = null, initialEmail = '' }: LoginFormProps) {
  const [step, setStep] = useState<'senha' | 'codigo'>('senha');
  if (step === 'codigo') return <TwoFactorStep onRestart={() => setStep('senha')} />;
  return (
    <PasswordStep
      socialProviders={socialProviders}
      initialError={initialError}
      initialEmail={initialEmail}
      onTwoFactor={() => setStep('codigo')}
    />
  );
}

/** Re-reads the profile after the server opened the session. */
function useFinishSignIn() {
  const { refresh } = useAuth();
  return async () => {
    const perfil = await refresh();
    if (!perfil) throw new Error('Não foi possível iniciar a sessão. Tente novamente.');
  };
}

type PasswordField = 'email' | 'senha';

function PasswordStep({
  socialProviders,
  initialError,
  initialEmail,
  onTwoFactor,
}: {
  socialProviders: SocialProviders;
  initialError: string | null;
  initialEmail: string;
  onTwoFactor: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [senha, setSenha] = useState('');
  const [lembrar, setLembrar] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const finishSignIn = useFinishSignIn();

  const signIn = useMutation({
    mutationFn: async (): Promise<SignInResult> => {
      const result = await signInWithEmail({ email: email.trim(), password: senha, rememberMe: lembrar });
      if (result === 'signed-in') await finishSignIn();
      return result;
    },
    onSuccess: (result) => {
      if (result === 'two-factor') onTwoFactor();
    },
  });
  const social = useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: (url) => {
      window.location.href = url;
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = collectErrors<PasswordField>({
      email: emailError(email),
      senha: requiredError(senha, 'Informe a senha.'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    social.reset();
    signIn.mutate();
  }

  const serverError = signIn.error ?? social.error;
  const alert = serverError
    ? errorMessage(serverError)
    : signIn.isIdle && social.isIdle
      ? initialError
      : null;
  const busy = signIn.isPending || social.isPending || social.isSuccess;
  const hasSocial = socialProviders.google || socialProviders.microsoft;

  return (
    <div className="space-y-6">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Senha"
          name="senha"
          type="password"
          autoComplete="current-password"
          // The e-mail came filled in: the password is what is left to type.
          autoFocus={initialEmail !== ''}
          value={senha}
          onChange={(event) => setSenha(event.target.value)}
          error={errors.senha}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField
            label="Lembrar de mim"
            name="lembrar"
            checked={lembrar}
            onChange={(event) => setLembrar(event.target.checked)}
          />
          <Link to={paths.forgotPassword} className={`text-sm ${linkClass}`}>
            Esqueci minha senha
          </Link>
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass('primary', 'lg')} w-full`}>
          {signIn.isPending ? 'Entrando...' : 'Entrar'}
        </button>
      </form>

      {hasSocial ? (
        <div className="space-y-3">
          <p className="flex items-center gap-3 text-sm text-slate-600">
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
            ou
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
          </p>
          {socialProviders.google ? (
            <SocialButton provider="google" disabled={busy} onClick={() => social.mutate('google')} />
          ) : null}
          {socialProviders.microsoft ? (
            <SocialButton provider="microsoft" disabled={busy} onClick={() => social.mutate('microsoft')} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function SocialButton({
  provider,
  disabled,
  onClick,
}: {
  provider: SocialProvider;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`${buttonClass('secondary', 'lg')} w-full`}
    >
      {provider === 'google' ? <GoogleIcon /> : <MicrosoftIcon />}
      {provider === 'google' ? 'Entrar com Google' : 'Entrar com Microsoft'}
    </button>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function MicrosoftIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const [mode, setMode] = useState<'app' | 'backup'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const finishSignIn = useFinishSignIn();

  const verify = useMutation({
    mutationFn: async () => {
      if (mode === 'app') await verifyTotp({ code: code.replace(/\s/g, ''), trustDevice });
      else await verifyBackupCode({ code: code.trim() });
      await finishSignIn();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error =
      mode === 'app'
        ? /^\d{6}$/.test(code.replace(/\s/g, ''))
          ? undefined
          : 'Informe o código de 6 dígitos.'
        : requiredError(code, 'Informe um código de backup.');
    setFieldError(error);
    if (error) {
      inputRef.current?.focus();
      return;
    }
    verify.mutate();
  }

  function switchMode() {
    setMode((current) => (current === 'app' ? 'backup' : 'app'));
    setCode('');
    setFieldError(undefined);
    // The field is remounted for the new mode and takes the focus (autoFocus).
    verify.reset();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Verificação em duas etapas</h2>
      <p className="text-sm text-slate-700">
        {mode === 'app'
          ? 'Abra o aplicativo autenticador e digite o código de 6 dígitos da sua conta.'
          : 'Digite um dos códigos de backup que você guardou ao ativar a verificação. Cada código vale uma vez.'}
      </p>
      {verify.error ? <FormAlert>{errorMessage(verify.error)}</FormAlert> : null}
      <TextField
        ref={inputRef}
        key={mode}
        label={mode === 'app' ? 'Código de verificação' : 'Código de backup'}
        name="codigo"
        autoComplete="one-time-code"
        inputMode={mode === 'app' ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        // The only field of this step, shown right after the password was accepted.
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
      />
      {mode === 'app' ? (
        <CheckboxField
          label="Confiar neste dispositivo"
          hint="Não pedir o código neste navegador por um tempo."
          name="confiar"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
      ) : null}
      <button type="submit" disabled={verify.isPending} className={`${buttonClass('primary', 'lg')} w-full`}>
        {verify.isPending ? 'Verificando...' : 'Verificar'}
      </button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button type="button" onClick={switchMode} className={linkClass}>
          {mode === 'app' ? 'Usar código de backup' : 'Usar o aplicativo autenticador'}
        </button>
        <button type="button" onClick={onRestart} className={linkClass}>
          Voltar
        </button>
      </div>
    </form>
  );
}
