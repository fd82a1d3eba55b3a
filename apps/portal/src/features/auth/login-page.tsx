import { TwoFactorRequiredError, useSession } from '@farol/data';
import { buttonVariants } from '@farol/ui';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LighthouseMark, LoaderMark } from '../../lib/inline-marks';
import type { RedirectState } from '../../routing/access-guard';

export type LoginArea = 'staff' | 'client';

// The code step only matters to accounts with two-factor sign-in: its own chunk keeps it out of /login's
// first load (budget), and typing in the form fetches it, so the step never waits for it.
const loadTwoFactorStep = () => import('./two-factor-step');
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((module) => ({ default: module.TwoFactorStep })));

const TEXTS = {
  staff: {
    heading: 'Entrar no Farol',
    intro: 'Acesse com seu e-mail ou usuário da equipe.',
    otherPrompt: 'É cliente?',
    otherLink: 'Acesse o portal do cliente',
    otherHref: '/portal/login',
  },
  client: {
    heading: 'Portal do Cliente',
    intro: 'Acompanhe seus chamados e converse com a equipe de suporte.',
    otherPrompt: 'Faz parte da equipe?',
    otherLink: 'Entrar como equipe',
    otherHref: '/login',
  },
} as const;

export const LOGIN_FIELD_ERRORS = {
  identifier: 'Informe seu e-mail ou usuário',
  password: 'Informe sua senha',
} as const;

interface FieldErrors {
  identifier?: string;
  password?: string;
}

/**
 * /login (staff) and /portal/login (clients): both fields required, the server's text or 'Falha no
 * login' on failure (spec §5, §8). Where to go next is the guard's business (the remembered origin, else
 * the person's home), so a success needs no navigation here.
 */
export interface LoginPageProps {
  area?: LoginArea;
  /**
   * Called once, when the person starts filling the form: the router fetches the code of the screen that
   * follows a sign-in meanwhile, so pressing Entrar does not wait for it.
   */
  onWarmUp?: () => void;
}

export function LoginPage({ area = 'staff', onWarmUp }: LoginPageProps) {
  const t = TEXTS[area];
  const { login, verifyTwoFactor } = useSession();
  const location = useLocation();
  const id = useId();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The code step: the password passed and the account has two-factor sign-in (issue 13).
  const [challenge, setChallenge] = useState<string | null>(null);
  const warmedUp = useRef(false);
  const warmUp = () => {
    if (warmedUp.current) return;
    warmedUp.current = true;
    void loadTwoFactorStep();
    onWarmUp?.();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!identifier.trim()) errors.identifier = LOGIN_FIELD_ERRORS.identifier;
    if (!password) errors.password = LOGIN_FIELD_ERRORS.password;
    setFieldErrors(errors);
    setError(null);
    if (errors.identifier || errors.password) {
      const first = event.currentTarget.querySelector<HTMLInputElement>(
        errors.identifier ? `#${CSS.escape(`${id}-identifier`)}` : `#${CSS.escape(`${id}-password`)}`,
      );
      first?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login(identifier, password);
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof TwoFactorRequiredError) {
        setPassword('');
        setChallenge(failure.challenge);
        return;
      }
      setError(failure instanceof Error && failure.message ? failure.message : 'Falha no login');
    }
  };

  const leaveCodeStep = (message: string | null = null) => {
    setChallenge(null);
    setFieldErrors({});
    setError(message);
  };

  const state = location.state as RedirectState | null;
  const field =
    'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground outline-none ' +
    'placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          challenge={challenge}
          verify={verifyTwoFactor}
          onExpired={(message) => leaveCodeStep(message)}
          onBack={() => leaveCodeStep()}
          fieldClassName={field}
        />
      </Suspense>
    );
  }

  return (
    <main id="conteudo" className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <LighthouseMark aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold">{t.heading}</h1>
          <p className="text-sm text-muted-foreground">{t.intro}</p>
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          onFocus={warmUp}
          className="flex flex-col gap-4"
          aria-label={t.heading}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-identifier`} className="text-sm font-medium">
              E-mail ou usuário
            </label>
            <input
              id={`${id}-identifier`}
              name="login"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              aria-invalid={fieldErrors.identifier ? true : undefined}
              aria-describedby={fieldErrors.identifier ? `${id}-identifier-error` : undefined}
              className={field}
            />
            {fieldErrors.identifier ? (
              <p id={`${id}-identifier-error`} className="text-sm text-destructive">
                {fieldErrors.identifier}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-password`} className="text-sm font-medium">
              Senha
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
              className={field}
            />
            {fieldErrors.password ? (
              <p id={`${id}-password-error`} className="text-sm text-destructive">
                {fieldErrors.password}
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
            {submitting ? 'Entrando…' : 'Entrar'}
          </button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link
            to={t.otherHref === '/login' ? '/esqueci-senha?portal=1' : '/esqueci-senha'}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Esqueci minha senha
          </Link>
        </p>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t.otherPrompt}{' '}
          <Link
            to={t.otherHref}
            state={state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t.otherLink}
          </Link>
        </p>
      </div>
    </main>
  );
}

export function StaffLoginPage({ onWarmUp }: Pick<LoginPageProps, 'onWarmUp'>) {
  return <LoginPage area="staff" {...(onWarmUp ? { onWarmUp } : {})} />;
}

export function PortalLoginPage({ onWarmUp }: Pick<LoginPageProps, 'onWarmUp'>) {
  return <LoginPage area="client" {...(onWarmUp ? { onWarmUp } : {})} />;
}
