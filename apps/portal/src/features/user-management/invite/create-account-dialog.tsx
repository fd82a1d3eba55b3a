import { useCreateAccount } from '@farol/data/accounts';
import { useCompanyOptions, useCompanySuggestions } from '@farol/data/companies';
import type { CreateAccountResponse } from '@farol/data/contract';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  toast,
} from '@farol/ui';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { checkNewPassword, NewPasswordFields } from '../../../lib/password-fields';
import { ROLE_LABELS } from '../shared/account-labels';

const FIELDS = ['email', 'first_name', 'last_name', 'role', 'company_id', 'temporary_password'] as const;
type FieldName = (typeof FIELDS)[number];

export interface CreateAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A client gestor invites colleagues of their own company only (role cliente, by invitation). */
  clientManager?: boolean;
}

const STAFF_ROLES = ['tecnico', 'gestor', 'admin', 'cliente'] as const;

/** "Nova conta": an invitation (a link the person opens to choose a password) or a temporary password. */
export function CreateAccountDialog({ open, onOpenChange, clientManager = false }: CreateAccountDialogProps) {
  const create = useCreateAccount();
  const companies = useCompanyOptions({ enabled: open && !clientManager });
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<string>(clientManager ? 'cliente' : 'tecnico');
  const [companyId, setCompanyId] = useState<string>('');
  const [companyManager, setCompanyManager] = useState(false);
  const [delivery, setDelivery] = useState<'invite' | 'temporary_password'>('invite');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'confirm' | 'other', string>>>({});
  const [created, setCreated] = useState<CreateAccountResponse | null>(null);

  const client = role === 'cliente';
  // A client's company suggested by the e-mail's domain (the companies' e-mail domains), as contacts get it.
  const typedEmail = useDeferredValue(email);
  const suggestions = useCompanySuggestions(client && !clientManager ? typedEmail : '');
  const suggested = (suggestions.data?.items ?? []).filter((company) => String(company.id) !== companyId);
  const reset = () => {
    setEmail('');
    setFirstName('');
    setLastName('');
    setPassword('');
    setConfirm('');
    setErrors({});
    setCreated(null);
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = {};
    if (!email.trim()) local.email = 'Informe o e-mail';
    if (!firstName.trim()) local.first_name = 'Informe o nome';
    if (client && !clientManager && !companyId) local.company_id = 'Escolha a empresa do cliente';
    if (delivery === 'temporary_password') {
      const checked = checkNewPassword(password, confirm);
      if (checked.password) local.temporary_password = checked.password;
      if (checked.confirm) local.confirm = checked.confirm;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    create.mutate(
      {
        email: email.trim(),
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        role,
        company_id: client && !clientManager ? Number(companyId) : null,
        company_manager: client && companyManager,
        delivery,
        ...(delivery === 'temporary_password' ? { temporary_password: password } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.invitation) setCreated(answer);
          else {
            toast.success(
              `Conta de ${answer.account.name} criada. Ela trocará a senha temporária ao entrar.`,
            );
            reset();
            onOpenChange(false);
          }
        },
        onError: (error) => {
          const { fields, other } = serverFieldErrors(error, FIELDS);
          setErrors({
            ...fields,
            ...(Object.keys(fields).length > 0
              ? {}
              : { other: other[0] ?? failureMessage(error, 'Não foi possível criar a conta.') }),
          });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{clientManager ? 'Convidar colega' : 'Nova conta'}</DialogTitle>
          <DialogDescription>
            {clientManager
              ? 'A pessoa recebe um link (válido por 72 horas) para criar a própria senha.'
              : 'Convide por um link (válido por 72 horas) ou crie com uma senha temporária.'}
          </DialogDescription>
        </DialogHeader>
        {created?.invitation ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="text-sm">
              {created.invitation.emailed
                ? `Convite enviado para ${created.account.email}. Você também pode copiar o link:`
                : `Nenhum servidor de e-mail configurado: copie o link e envie a ${created.account.name}.`}
            </p>
            <Field>
              <FieldLabel>Link do convite</FieldLabel>
              <Input readOnly value={created.invitation.url} onFocus={(event) => event.target.select()} />
              <FieldHint>
                Vale até {new Date(created.invitation.expires_at).toLocaleString('pt-BR')} e uma única vez.
              </FieldHint>
            </Field>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(created.invitation!.url)
                    .then(() => toast.success('Link copiado'))
                    .catch(() => toast.error('Não foi possível copiar: selecione o link e copie.'))
                }
              >
                Copiar link
              </Button>
              <Button
                type="button"
                onClick={() => {
                  reset();
                  onOpenChange(false);
                }}
              >
                Concluir
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Nova conta">
            <Field required invalid={Boolean(errors.email)}>
              <FieldLabel>E-mail</FieldLabel>
              <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
              <FieldError>{errors.email}</FieldError>
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field required invalid={Boolean(errors.first_name)}>
                <FieldLabel>Nome</FieldLabel>
                <Input value={firstName} onChange={(event) => setFirstName(event.target.value)} />
                <FieldError>{errors.first_name}</FieldError>
              </Field>
              <Field>
                <FieldLabel>Sobrenome</FieldLabel>
                <Input value={lastName} onChange={(event) => setLastName(event.target.value)} />
              </Field>
            </div>
            {clientManager ? null : (
              <>
                <Field required invalid={Boolean(errors.role)}>
                  <FieldLabel>Função</FieldLabel>
                  <Select value={role} onValueChange={setRole}>
                    <SelectTrigger className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {STAFF_ROLES.map((key) => (
                        <SelectItem key={key} value={key}>
                          {ROLE_LABELS[key]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FieldError>{errors.role}</FieldError>
                </Field>
                {client ? (
                  <>
                    <Field required invalid={Boolean(errors.company_id)}>
                      <FieldLabel>Empresa</FieldLabel>
                      <Select value={companyId} onValueChange={setCompanyId}>
                        <SelectTrigger className="w-full">
                          <SelectValue placeholder="Escolha a empresa" />
                        </SelectTrigger>
                        <SelectContent>
                          {(companies.data?.companies ?? []).map((company) => (
                            <SelectItem key={company.id} value={String(company.id)}>
                              {company.name}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      {suggested.length > 0 ? (
                        <FieldHint>
                          Pelo domínio do e-mail:{' '}
                          {suggested.map((company) => (
                            <Button
                              key={company.id}
                              type="button"
                              variant="link"
                              size="sm"
                              className="h-auto p-0"
                              onClick={() => setCompanyId(String(company.id))}
                            >
                              usar {company.name}
                            </Button>
                          ))}
                        </FieldHint>
                      ) : null}
                      <FieldError>{errors.company_id}</FieldError>
                    </Field>
                    <Field orientation="horizontal">
                      <Switch checked={companyManager} onCheckedChange={setCompanyManager} />
                      <FieldLabel>Gestor da empresa (gerencia os usuários da própria empresa)</FieldLabel>
                    </Field>
                  </>
                ) : null}
                <Field>
                  <FieldLabel>Primeiro acesso</FieldLabel>
                  <RadioGroup
                    value={delivery}
                    onValueChange={(value) => setDelivery(value as 'invite' | 'temporary_password')}
                  >
                    <label className="flex items-center gap-2 text-sm">
                      <RadioGroupItem value="invite" /> Enviar convite (a pessoa cria a senha)
                    </label>
                    <label className="flex items-center gap-2 text-sm">
                      <RadioGroupItem value="temporary_password" /> Senha temporária (trocada no primeiro
                      acesso)
                    </label>
                  </RadioGroup>
                </Field>
                {delivery === 'temporary_password' ? (
                  <NewPasswordFields
                    label="Senha temporária"
                    password={password}
                    confirm={confirm}
                    onPasswordChange={setPassword}
                    onConfirmChange={setConfirm}
                    userInputs={[email, firstName, lastName]}
                    error={errors.temporary_password}
                    confirmError={errors.confirm}
                  />
                ) : null}
              </>
            )}
            {errors.other ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.other}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending
                  ? 'Criando…'
                  : delivery === 'invite' || clientManager
                    ? 'Enviar convite'
                    : 'Criar conta'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
