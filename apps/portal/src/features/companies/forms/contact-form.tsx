import type { CompanyContact, CreateCompanyContact } from '@farol/data';
import {
  CONTACT_FLAGS,
  CONTACT_FLAG_LABELS,
  formatPhone,
  useBranches,
  useCompanyOptions,
  useCompanySuggestions,
  useSaveCompanyContact,
} from '@farol/data/companies';
import { createCompanyContactSchema } from '@farol/data/contract';
import {
  Button,
  Checkbox,
  Combobox,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@farol/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { tidyPhone } from './form-masks';
import { focusFirstInvalid, showServerErrors } from './server-errors';
import { FormFooter } from '../../../lib/form-footer';

export const CONTACT_FORM_FIELDS = [
  'name',
  'job_title',
  'department',
  'email',
  'phone',
  'mobile',
  'whatsapp',
  'primary',
  'billing',
  'technical',
  'vip',
  'branch_id',
  'other_company_ids',
  'notes',
] as const satisfies readonly (keyof CreateCompanyContact)[];

export function contactFormValues(contact?: CompanyContact): CreateCompanyContact {
  return {
    name: contact?.name ?? '',
    job_title: contact?.job_title ?? '',
    department: contact?.department ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    mobile: contact?.mobile ? formatPhone(contact.mobile) : '',
    whatsapp: contact?.whatsapp ?? false,
    primary: contact?.primary ?? false,
    billing: contact?.billing ?? false,
    technical: contact?.technical ?? false,
    vip: contact?.vip ?? false,
    branch_id: contact?.branch?.id ?? null,
    other_company_ids: contact?.other_companies.map((company) => company.id) ?? [],
    notes: contact?.notes ?? '',
  };
}

const NONE = 'nenhuma';

const FLAG_HINTS: Record<(typeof CONTACT_FLAGS)[number], string> = {
  primary: 'A pessoa de referência da empresa (uma só).',
  billing: 'Recebe cobranças e notas.',
  technical: 'Fala de TI com a equipe.',
  vip: 'Atendimento com prioridade.',
};

export interface ContactFormProps {
  companyId: number;
  contact?: CompanyContact;
  onSaved: (contact: CompanyContact) => void;
  onCancel?: () => void;
}

/**
 * A contact: name, cargo, departamento, e-mail, phones (WhatsApp on the mobile), flags, branch, the other
 * companies the person answers for, notes; whether they sign in to the portal shows read-only (the users
 * module manages the account). A company whose e-mail domain matches is offered as another company.
 */
export function ContactForm({ companyId, contact, onSaved, onCancel }: ContactFormProps) {
  const save = useSaveCompanyContact(companyId);
  const branches = useBranches(companyId);
  const options = useCompanyOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createCompanyContactSchema),
    shouldFocusError: false,
    defaultValues: contactFormValues(contact),
  });
  const email = useDeferredValue(useWatch({ control, name: 'email' }) ?? '');
  const others = useWatch({ control, name: 'other_company_ids' }) ?? [];
  const suggestions = useCompanySuggestions(email);
  const suggested = (suggestions.data?.items ?? []).filter(
    (company) => company.id !== companyId && !others.includes(company.id),
  );

  const companies = (options.data?.companies ?? [])
    .filter((company) => company.id !== companyId)
    .map((company) => ({ value: String(company.id), label: company.name }));
  for (const company of contact?.other_companies ?? []) {
    if (!companies.some((item) => item.value === String(company.id)))
      companies.push({ value: String(company.id), label: company.name });
  }

  const pending = isSubmitting || save.isPending;
  const onSubmit = handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync({ contactId: contact?.id, input });
        toast.success(contact ? 'Contato atualizado.' : 'Contato cadastrado.', {
          id: `contact-${saved.id}-saved`,
        });
        onSaved(saved);
      } catch (error) {
        setFailure(
          showServerErrors(error, CONTACT_FORM_FIELDS, setError, 'Não foi possível salvar o contato.'),
        );
      }
    },
    (invalid) => focusFirstInvalid(invalid, CONTACT_FORM_FIELDS, setFocus),
  );

  const phoneField = (name: 'phone' | 'mobile', label: string, placeholder: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field>
          <FieldLabel>{label}</FieldLabel>
          <Input
            ref={field.ref}
            name={field.name}
            type="tel"
            autoComplete="tel"
            placeholder={placeholder}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={() => {
              field.onChange(tidyPhone(field.value ?? ''));
              field.onBlur();
            }}
          />
          <FieldError>{fieldState.error?.message}</FieldError>
        </Field>
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={contact ? 'Editar contato' : 'Novo contato'}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required className="sm:col-span-2">
          <FieldLabel>Nome</FieldLabel>
          <Input autoComplete="off" autoFocus {...register('name')} />
          <FieldError>{errors.name?.message}</FieldError>
        </Field>
        <Field>
          <FieldLabel>Cargo</FieldLabel>
          <Input autoComplete="off" {...register('job_title')} />
          <FieldError>{errors.job_title?.message}</FieldError>
        </Field>
        <Field>
          <FieldLabel>Departamento</FieldLabel>
          <Input autoComplete="off" {...register('department')} />
          <FieldError>{errors.department?.message}</FieldError>
        </Field>
        <Field className="sm:col-span-2">
          <FieldLabel>E-mail</FieldLabel>
          <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
          <FieldError>{errors.email?.message}</FieldError>
          {suggested.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>O domínio deste e-mail é de:</span>
              {suggested.map((company) => (
                <Button
                  key={company.id}
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setValue('other_company_ids', [...(getValues('other_company_ids') ?? []), company.id], {
                      shouldDirty: true,
                    })
                  }
                >
                  Adicionar {company.name} às outras empresas
                </Button>
              ))}
            </div>
          ) : null}
        </Field>
        {phoneField('phone', 'Telefone', '(11) 3456-7890')}
        <div className="flex flex-col gap-2">
          {phoneField('mobile', 'Celular', '(11) 91234-5678')}
          <Controller
            control={control}
            name="whatsapp"
            render={({ field }) => (
              <Field orientation="horizontal">
                <Checkbox
                  ref={field.ref}
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <FieldLabel>Celular com WhatsApp</FieldLabel>
              </Field>
            )}
          />
        </div>
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium">Marcadores</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {CONTACT_FLAGS.map((flag) => (
              <Controller
                key={flag}
                control={control}
                name={flag}
                render={({ field }) => (
                  <Field orientation="horizontal">
                    <Checkbox
                      ref={field.ref}
                      checked={field.value ?? false}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                    />
                    <FieldLabel>{CONTACT_FLAG_LABELS[flag]}</FieldLabel>
                    <FieldHint>{FLAG_HINTS[flag]}</FieldHint>
                  </Field>
                )}
              />
            ))}
          </div>
        </fieldset>
        <Controller
          control={control}
          name="branch_id"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Filial</FieldLabel>
              <Select
                name={field.name}
                value={field.value == null ? NONE : String(field.value)}
                onValueChange={(value) => field.onChange(value === NONE ? null : Number(value))}
              >
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Nenhuma</SelectItem>
                  {(branches.data?.items ?? []).map((branch) => (
                    <SelectItem key={branch.id} value={String(branch.id)}>
                      {branch.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="other_company_ids"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Outras empresas</FieldLabel>
              <Combobox
                multiple
                ref={field.ref}
                options={companies}
                loading={options.isPending}
                placeholder="Também responde por…"
                value={(field.value ?? []).map(String)}
                onValueChange={(value) => field.onChange(value.map(Number))}
                onBlur={field.onBlur}
              />
              <FieldHint>Um consultor ou a TI de um grupo que atende várias empresas.</FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Field className="sm:col-span-2">
          <FieldLabel>Observações</FieldLabel>
          <Textarea rows={2} autoGrow maxRows={6} {...register('notes')} />
          <FieldError>{errors.notes?.message}</FieldError>
        </Field>
      </div>
      <p className="text-sm text-muted-foreground">
        {contact?.user_id
          ? `Acesso ao portal: vinculado ao usuário nº ${contact.user_id} (gerenciado em Usuários).`
          : 'Acesso ao portal: nenhum. O acesso é criado em Usuários.'}
      </p>
      <FormFooter
        failure={failure}
        pending={pending}
        onCancel={onCancel}
        submitLabel={contact ? 'Salvar contato' : 'Cadastrar contato'}
      />
    </form>
  );
}
