import { buttonVariants } from '@farol/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { LighthouseMark, LoaderMark } from '../../lib/inline-marks';

export const TWO_FACTOR_TEXTS = {
  heading: 'Verificação em duas etapas',
  intro: 'Digite o código de 6 dígitos do seu aplicativo autenticador ou um dos seus códigos de recuperação.',
  label: 'Código de verificação',
  submit: 'Verificar',
  submitting: 'Verificando…',
  back: 'Voltar e usar outra conta',
  required: 'Informe o código de verificação',
} as const;

interface TwoFactorStepProps {
  challenge: string;
  verify: (challenge: string, code: string) => Promise<unknown>;
  /** The step is closed (expired, used up): back to the password with this message. */
  onExpired: (message: string) => void;
  onBack: () => void;
  fieldClassName: string;
}

/** The sign-in's second step: a code from the authenticator app or a recovery code. */
export function TwoFactorStep({ challenge, verify, onExpired, onBack, fieldClassName }: TwoFactorStepProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setCodeError(TWO_FACTOR_TEXTS.required);
      input.current?.focus();
      return;
    }
    setCodeError(null);
    setSubmitting(true);
    try {
      await verify(challenge, code);
    } catch (failure) {
      setSubmitting(false);
      const message = failure instanceof Error && failure.message ? failure.message : 'Falha no login';
      if (/expirou/i.test(message)) {
        onExpired(message);
        return;
      }
      setError(message);
      setCode('');
      input.current?.focus();
    }
  };

  return (
    <main id="conteudo" className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <LighthouseMark aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold">{TWO_FACTOR_TEXTS.heading}</h1>
          <p className="text-sm text-muted-foreground">{TWO_FACTOR_TEXTS.intro}</p>
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-label={TWO_FACTOR_TEXTS.heading}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-code`} className="text-sm font-medium">
              {TWO_FACTOR_TEXTS.label}
            </label>
            <input
              ref={input}
              id={`${id}-code`}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              // The step opens after the password: the code is what the person types next.
              autoFocus
              maxLength={40}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${id}-code-error` : undefined}
              className={`${fieldClassName} font-mono tracking-widest`}
            />
            {codeError ? (
              <p id={`${id}-code-error`} className="text-sm text-destructive">
                {codeError}
              </p>
            ) : null}
          </div>
          <div aria-live="assertive">
            {error ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive"
              >
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={submitting}
            className={buttonVariants({ size: 'lg', className: 'w-full' })}
          >
            {submitting ? <LoaderMark aria-hidden="true" className="animate-spin" /> : null}
            {submitting ? TWO_FACTOR_TEXTS.submitting : TWO_FACTOR_TEXTS.submit}
          </button>
          <button
            type="button"
            onClick={onBack}
            className={buttonVariants({ variant: 'ghost', className: 'w-full' })}
          >
            {TWO_FACTOR_TEXTS.back}
          </button>
        </form>
      </div>
    </main>
  );
}
