import { answerVaultRequestSchema } from '@farol/data/contract';
import type { AnswerVaultRequestInput, PasswordKind } from '@farol/data/passwords';
import { Button, Field, FieldError, FieldHint, FieldLabel, Input, Spinner, Textarea } from '@farol/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';

const FIELDS = ['username', 'url', 'password', 'private_key', 'notes', 'sent_by'] as const;
type FormField = (typeof FIELDS)[number];

/** What each kind asks for: the labels of its fields (null: not asked). */
const LAYOUT: Record<
  PasswordKind,
  {
    url: string | null;
    username: string | null;
    secret: 'password' | 'private_key' | null;
    secretLabel: string;
  }
> = {
  login: { url: 'Endereço (site ou IP)', username: 'Usuário', secret: 'password', secretLabel: 'Senha' },
  banco: { url: 'Servidor do banco', username: 'Usuário', secret: 'password', secretLabel: 'Senha' },
  wifi: { url: null, username: 'Nome da rede (SSID)', secret: 'password', secretLabel: 'Senha da rede' },
  api: { url: 'Endereço da API', username: 'Conta', secret: 'password', secretLabel: 'Token ou chave' },
  chave_ssh: {
    url: 'Servidor',
    username: 'Usuário',
    secret: 'private_key',
    secretLabel: 'Chave privada',
  },
  nota: { url: null, username: null, secret: null, secretLabel: '' },
};

/**
 * The form a client contact types a credential into (the public link and the portal): the fields the
 * request's kind asks for, validated by the contract's schema, the server's refusals under their fields.
 */
export function CredentialForm({
  kind,
  askName,
  onSubmit,
}: {
  kind: PasswordKind;
  /** The public link has no session: it asks who is sending. */
  askName: boolean;
  onSubmit: (input: AnswerVaultRequestInput) => Promise<unknown>;
}) {
  const layout = LAYOUT[kind];
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(answerVaultRequestSchema),
    shouldFocusError: true,
    defaultValues: { username: '', url: '', password: '', private_key: '', notes: '', sent_by: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const input: AnswerVaultRequestInput = {};
    for (const field of FIELDS) {
      const value = values[field];
      if (value) input[field] = value;
    }
    try {
      await onSubmit(input);
    } catch (error) {
      const found = serverFieldErrors(error, FIELDS);
      for (const [field, message] of Object.entries(found.fields)) {
        setError(field as FormField, { message: message as string });
      }
      if (Object.keys(found.fields).length === 0)
        setFailure(failureMessage(error, 'Não foi possível enviar a credencial. Tente novamente.'));
    }
  });

  // An empty answer is refused under the secret's field; a note's kind has only the notes.
  const secretError = errors.password?.message ?? errors.private_key?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
      aria-label="Enviar credencial"
    >
      {askName ? (
        <Field>
          <FieldLabel>Seu nome</FieldLabel>
          <Input autoComplete="name" {...register('sent_by')} />
          <FieldHint>Para a equipe saber quem enviou.</FieldHint>
          <FieldError>{errors.sent_by?.message}</FieldError>
        </Field>
      ) : null}
      {layout.url ? (
        <Field>
          <FieldLabel>{layout.url}</FieldLabel>
          <Input autoComplete="off" spellCheck={false} {...register('url')} />
          <FieldError>{errors.url?.message}</FieldError>
        </Field>
      ) : null}
      {layout.username ? (
        <Field>
          <FieldLabel>{layout.username}</FieldLabel>
          <Input autoComplete="off" spellCheck={false} {...register('username')} />
          <FieldError>{errors.username?.message}</FieldError>
        </Field>
      ) : null}
      {layout.secret === 'password' ? (
        <Field invalid={Boolean(secretError)}>
          <FieldLabel>{layout.secretLabel}</FieldLabel>
          <Input type="password" autoComplete="new-password" spellCheck={false} {...register('password')} />
          <FieldError>{secretError}</FieldError>
        </Field>
      ) : null}
      {layout.secret === 'private_key' ? (
        <Field invalid={Boolean(secretError)}>
          <FieldLabel>{layout.secretLabel}</FieldLabel>
          <Textarea rows={6} spellCheck={false} className="font-mono text-xs" {...register('private_key')} />
          <FieldError>{secretError}</FieldError>
        </Field>
      ) : null}
      <Field invalid={layout.secret === null && Boolean(secretError)}>
        <FieldLabel>{layout.secret === null ? 'Conteúdo' : 'Observações'}</FieldLabel>
        <Textarea rows={layout.secret === null ? 6 : 3} {...register('notes')} />
        <FieldHint>Também vão criptografadas.</FieldHint>
        <FieldError>{errors.notes?.message ?? (layout.secret === null ? secretError : undefined)}</FieldError>
      </Field>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Enviando…' : 'Enviar com segurança'}
      </Button>
    </form>
  );
}
