import { markTwoFactorSetupRequired } from '@farol/data';
import {
  RECOVERY_CODE_COUNT,
  isTotpCode,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
  type TwoFactorSetup,
} from '@farol/data/security';
import { Badge, Button, Field, FieldError, FieldLabel, Input, toast } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { formatDateTime } from '../shared/format';

const CODE_REQUIRED = 'Informe o código de 6 dígitos do aplicativo';

/** The recovery codes, shown once: the person keeps them before going on. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Códigos copiados.');
    } catch {
      toast.error('Não foi possível copiar. Anote os códigos.');
    }
  };
  return (
    <div className="flex flex-col gap-3 p-4">
      <p className="text-sm">
        Guarde estes {RECOVERY_CODE_COUNT} códigos de recuperação em um lugar seguro. Cada um serve para
        entrar uma única vez se você perder o celular. <strong>Eles não serão mostrados de novo.</strong>
      </p>
      <ol aria-label="Códigos de recuperação" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md border bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copiar códigos
        </Button>
        <Button onClick={onDone}>Já guardei os códigos</Button>
      </div>
    </div>
  );
}

/** Scan the QR code (or type the secret), then confirm with a first code. */
function EnrolForm({
  setup,
  onEnrolled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnrolled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCode(code)) {
      setError(code.trim() ? 'O código tem 6 dígitos' : CODE_REQUIRED);
      return;
    }
    setError(null);
    try {
      const { codes } = await confirm.mutateAsync(code.replace(/\s+/g, ''));
      onEnrolled(codes);
    } catch (failure) {
      setError(
        serverFieldErrors(failure, ['code']).fields.code ??
          failureMessage(failure, 'Não foi possível ativar.'),
      );
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 p-4"
      aria-label="Ativar verificação em duas etapas"
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Abra um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Leia o QR code abaixo ou digite a chave.</li>
        <li>Informe o código de 6 dígitos que o aplicativo mostrar.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={setup.qr_code}
          alt="QR code para o aplicativo autenticador"
          width={176}
          height={176}
          className="rounded-md border bg-white p-1"
        />
        <div className="min-w-0 flex-1 text-sm">
          <p className="text-muted-foreground">Chave para digitar:</p>
          <p data-testid="totp-secret" className="break-all font-mono text-base font-semibold">
            {setup.secret}
          </p>
        </div>
      </div>
      <Field invalid={Boolean(error)}>
        <FieldLabel>Código do aplicativo</FieldLabel>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className="max-w-40 font-mono tracking-widest"
        />
        {error ? <FieldError>{error}</FieldError> : null}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Ativando…' : 'Ativar'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes (a current app code) or turning 2FA off (password and a code). */
function EnabledActions({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<'idle' | 'codes' | 'disable'>('idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; form?: string }>({});

  const reset = () => {
    setMode('idle');
    setCode('');
    setPassword('');
    setErrors({});
  };

  const submitCodes = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCode(code)) return setErrors({ code: code.trim() ? 'O código tem 6 dígitos' : CODE_REQUIRED });
    try {
      const { codes } = await regenerate.mutateAsync(code.replace(/\s+/g, ''));
      reset();
      onCodes(codes);
    } catch (failure) {
      setErrors({
        code:
          serverFieldErrors(failure, ['code']).fields.code ??
          failureMessage(failure, 'Não foi possível gerar os códigos.'),
      });
    }
  };
  const submitDisable = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(password ? {} : { password: 'Informe sua senha' }),
      ...(code.trim() ? {} : { code: 'Informe um código do aplicativo ou de recuperação' }),
    };
    if (missing.password || missing.code) return setErrors(missing);
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      reset();
      toast.success('Verificação em duas etapas desativada.');
    } catch (failure) {
      const { fields } = serverFieldErrors(failure, ['code', 'password']);
      setErrors(
        fields.code || fields.password
          ? fields
          : { form: failureMessage(failure, 'Não foi possível desativar.') },
      );
    }
  };

  if (mode === 'idle') {
    return (
      <div className="flex flex-wrap gap-2 px-4 pb-4">
        <Button variant="outline" onClick={() => setMode('codes')}>
          Gerar novos códigos de recuperação
        </Button>
        {required ? null : (
          <Button variant="destructive" onClick={() => setMode('disable')}>
            Desativar
          </Button>
        )}
      </div>
    );
  }
  const codeField = (
    <Field invalid={Boolean(errors.code)}>
      <FieldLabel>
        {mode === 'codes' ? 'Código do aplicativo' : 'Código do aplicativo ou de recuperação'}
      </FieldLabel>
      <Input
        name="code"
        autoComplete="one-time-code"
        maxLength={40}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className="max-w-56 font-mono tracking-widest"
      />
      {errors.code ? <FieldError>{errors.code}</FieldError> : null}
    </Field>
  );
  return (
    <form
      noValidate
      onSubmit={mode === 'codes' ? submitCodes : submitDisable}
      aria-label={
        mode === 'codes' ? 'Gerar novos códigos de recuperação' : 'Desativar verificação em duas etapas'
      }
      className="flex flex-col gap-3 px-4 pb-4"
    >
      <p className="text-sm text-muted-foreground">
        {mode === 'codes'
          ? 'Os códigos de recuperação atuais deixam de funcionar.'
          : 'Sem a verificação, sua conta fica protegida apenas pela senha.'}
      </p>
      {mode === 'disable' ? (
        <Field invalid={Boolean(errors.password)}>
          <FieldLabel>Senha</FieldLabel>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className="max-w-72"
          />
          {errors.password ? <FieldError>{errors.password}</FieldError> : null}
        </Field>
      ) : null}
      {codeField}
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={mode === 'disable' ? 'destructive' : 'default'}
          disabled={regenerate.isPending || disable.isPending}
        >
          {mode === 'codes' ? 'Gerar códigos' : 'Desativar'}
        </Button>
        <Button type="button" variant="ghost" onClick={reset}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** One's own two-factor sign-in: its state, enrolment (QR, first code, recovery codes), new codes, turning off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  if (status.isPending) return <WidgetLoading label="Carregando…" />;
  if (status.isError) {
    return (
      <WidgetError
        message="Não foi possível carregar a verificação em duas etapas."
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (codes) {
    return (
      <RecoveryCodesView
        codes={codes}
        onDone={() => {
          setCodes(null);
        }}
      />
    );
  }
  if (setup) {
    return (
      <EnrolForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnrolled={(made) => {
          setSetup(null);
          setCodes(made);
          // The requirement is met: the guard stops sending the person here.
          markTwoFactorSetupRequired(false);
          toast.success('Verificação em duas etapas ativada.');
        }}
      />
    );
  }
  const state = status.data;
  const begin = async () => {
    setStartError(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (failure) {
      setStartError(failureMessage(failure, 'Não foi possível iniciar a configuração.'));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 px-4 pt-4 text-sm">
        <span className="font-medium">Situação:</span>
        <Badge variant={state.enabled ? 'secondary' : 'outline'}>
          {state.enabled ? 'Ativada' : 'Desativada'}
        </Badge>
        {state.required ? <Badge variant="destructive">Obrigatória para a sua função</Badge> : null}
      </div>
      {state.enabled ? (
        <>
          <p className="px-4 text-sm text-muted-foreground">
            Ativada em {formatDateTime(state.enabled_at)}. Códigos de recuperação restantes:{' '}
            {state.recovery_codes_left} de {RECOVERY_CODE_COUNT}.
          </p>
          <EnabledActions required={state.required} onCodes={setCodes} />
        </>
      ) : (
        <div className="flex flex-col gap-3 px-4 pb-4">
          <p className="text-sm text-muted-foreground">
            Além da senha, peça um código do seu celular ao entrar. Mesmo quem descobrir sua senha não
            consegue entrar.
          </p>
          {startError ? (
            <p role="alert" className="text-sm text-destructive">
              {startError}
            </p>
          ) : null}
          <div>
            <Button onClick={() => void begin()} disabled={start.isPending}>
              {start.isPending ? 'Preparando…' : 'Ativar verificação em duas etapas'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
