import { useRequestPasswordReset } from '@farol/data/accounts';
import { Button, Field, FieldError, FieldLabel, Input } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../lib/form-errors';
import { PublicCard } from '../../lib/public-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /esqueci-senha: asks for a one-time link by e-mail; the answer is the same whether the account exists. */
export function ForgotPasswordPage() {
  const [search] = useSearchParams();
  const loginHref = search.get('portal') === '1' ? '/portal/login' : '/login';
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Informe o e-mail');
      return;
    }
    setError(undefined);
    request.mutate(email.trim());
  };

  return (
    <PublicCard
      title="Esqueci minha senha"
      intro="Informe o e-mail da sua conta: enviaremos um link para você criar uma nova senha."
    >
      {request.isSuccess ? (
        <p role="status" className="text-center text-sm">
          {request.data.message}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Pedir nova senha">
          <Field required invalid={Boolean(error)}>
            <FieldLabel>E-mail</FieldLabel>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <FieldError>{error}</FieldError>
          </Field>
          {request.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(request.error, 'Não foi possível enviar o pedido. Tente novamente.')}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? 'Enviando…' : 'Enviar link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={loginHref} className={linkClass}>
          Voltar para o login
        </Link>
      </p>
    </PublicCard>
  );
}
