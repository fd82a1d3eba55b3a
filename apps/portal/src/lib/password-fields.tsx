import { PASSWORD_MIN_LENGTH } from '@farol/data/contract';
import { Button, Field, FieldError, FieldHint, FieldLabel, Input, PasswordStrength } from '@farol/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { failureMessage, serverFieldErrors } from './form-errors';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Words the password should not lean on (the person's name and e-mail). */
  userInputs?: readonly string[];
  error?: string | undefined;
  confirmError?: string | undefined;
  label?: string;
}

/**
 * A new password and its confirmation, with the kit's strength meter: every password form uses it (an
 * invitation, a reset link, a temporary password's change, the profile).
 */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  userInputs,
  error,
  confirmError,
  label = 'Nova senha',
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field required invalid={Boolean(error)}>
        <FieldLabel>{label}</FieldLabel>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <FieldHint>
          Pelo menos {PASSWORD_MIN_LENGTH} caracteres. Senhas comuns (como &quot;senha123&quot;) são
          recusadas.
        </FieldHint>
        <PasswordStrength password={password} userInputs={userInputs} minLength={PASSWORD_MIN_LENGTH} />
        <FieldError>{error}</FieldError>
      </Field>
      <Field required invalid={Boolean(confirmError)}>
        <FieldLabel>Confirme a nova senha</FieldLabel>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => onConfirmChange(event.target.value)}
        />
        <FieldError>{confirmError}</FieldError>
      </Field>
    </>
  );
}

/** The client-side checks before sending: length and the confirmation (the server checks the rest). */
export function checkNewPassword(password: string, confirm: string) {
  const errors: { password?: string; confirm?: string } = {};
  if (password.length < PASSWORD_MIN_LENGTH)
    errors.password = `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`;
  if (confirm !== password) errors.confirm = 'As senhas não conferem';
  return errors;
}

export interface SetPasswordValues {
  /** Empty unless the form asks for the current password. */
  current_password: string;
  password: string;
}

export interface SetPasswordFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  /** What to say when the server's answer names no field and has no text of its own. */
  failure: string;
  /** Words the password should not lean on (the person's name and e-mail). */
  userInputs?: readonly string[];
  /** Asks for the current password first, under this label (a temporary password, one's own). */
  currentLabel?: string;
  /** Sends the password; a rejection's field details land under their fields, the rest above the button. */
  onSubmit: (values: SetPasswordValues) => Promise<unknown>;
  /** Runs after a successful send, once the fields are emptied. */
  onSuccess?: () => void;
  size?: 'default' | 'lg';
  /** More actions beside the submit button (Sair). */
  children?: ReactNode;
}

type SetPasswordErrors = { current_password?: string; password?: string; confirm?: string; other?: string };

/**
 * The set-password form every password page shares (an invitation, a reset link, a temporary password's
 * change, the profile): the current password when asked, the new one with the policy and the strength
 * meter, its confirmation; checked here first (length, confirmation), then by the server (common
 * passwords, the current one).
 */
export function SetPasswordForm({
  label,
  submitLabel,
  pendingLabel,
  failure,
  userInputs,
  currentLabel,
  onSubmit,
  onSuccess,
  size = 'lg',
  children,
}: SetPasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<SetPasswordErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: SetPasswordErrors = checkNewPassword(password, confirm);
    if (currentLabel !== undefined && !current) local.current_password = 'Informe a senha atual';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    try {
      await onSubmit({ current_password: current, password });
      setCurrent('');
      setPassword('');
      setConfirm('');
      onSuccess?.();
    } catch (error) {
      const { fields, other } = serverFieldErrors(error, ['current_password', 'password'] as const);
      const known = Boolean(fields.password || (currentLabel !== undefined && fields.current_password));
      setErrors({ ...fields, ...(known ? {} : { other: other[0] ?? failureMessage(error, failure) }) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-label={label}
    >
      {currentLabel !== undefined ? (
        <Field required invalid={Boolean(errors.current_password)}>
          <FieldLabel>{currentLabel}</FieldLabel>
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <FieldError>{errors.current_password}</FieldError>
        </Field>
      ) : null}
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        userInputs={userInputs}
        error={errors.password}
        confirmError={errors.confirm}
      />
      {errors.other ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.other}
        </p>
      ) : null}
      <Button
        type="submit"
        size={size}
        disabled={pending}
        className={size === 'lg' ? undefined : 'self-start'}
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
