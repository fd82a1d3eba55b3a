import { PASSWORD_MIN_LENGTH } from '@farol/data/contract';
import { Field, FieldError, FieldHint, FieldLabel, Input, PasswordStrength } from '@farol/ui';

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
