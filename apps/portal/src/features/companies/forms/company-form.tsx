import type { Company, CreateCompany } from '@farol/data';
import {
  COMPANY_KINDS,
  COMPANY_KIND_LABELS,
  COMPANY_STATUSES,
  COMPANY_STATUS_LABELS,
  formatCnpj,
  formatPhone,
  useCompanyOptions,
  useCreateCompany,
  useUpdateCompany,
} from '@farol/data/companies';
import { createCompanySchema } from '@farol/data/contract';
import {
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
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { CompanyLogoField } from './company-logo-field';
import { DomainListInput } from './domain-list-input';
import { maskCnpj, tidyPhone } from './form-masks';
import { focusFirstInvalid, showServerErrors } from './server-errors';
import { FormFooter } from '../../../lib/form-footer';

/** The form's fields in the order they show (the first invalid one gets the focus). */
export const COMPANY_FORM_FIELDS = [
  'name',
  'legal_name',
  'cnpj',
  'kind',
  'state_registration',
  'municipal_registration',
  'segment',
  'website',
  'email_domains',
  'phone',
  'account_manager_id',
  'parent_id',
  'status',
  'notes',
] as const satisfies readonly (keyof CreateCompany)[];

type Values = CreateCompany;

/** The form's starting values: empty for a new company, the company's own (masked) for an edit. */
export function companyFormValues(company?: Company): Values {
  return {
    name: company?.name ?? '',
    legal_name: company?.legal_name ?? '',
    cnpj: company?.cnpj ? formatCnpj(company.cnpj) : '',
    kind: company?.kind ?? 'cliente',
    state_registration: company?.state_registration ?? '',
    municipal_registration: company?.municipal_registration ?? '',
    segment: company?.segment ?? '',
    website: company?.website ?? '',
    email_domains: company?.email_domains ?? [],
    phone: company?.phone ? formatPhone(company.phone) : '',
    account_manager_id: company?.account_manager?.id ?? null,
    parent_id: company?.parent?.id ?? null,
    status: company?.status ?? 'ativo',
    notes: company?.notes ?? '',
  };
}

/** The first message about the e-mail domains: about the list, or about one of them. */
function domainsError(errors: FieldErrors<Values>): string | undefined {
  const error = errors.email_domains;
  if (!error) return undefined;
  if (error.message) return error.message;
  return Array.isArray(error) ? error.find((item) => item?.message)?.message : undefined;
}

/** Radix Select has no empty value: "nobody" is this word. */
const NONE = 'nenhum';

export interface CompanyFormProps {
  /** The company to edit; a new one without it. */
  company?: Company;
  onSaved: (company: Company) => void;
  onCancel?: () => void;
}

/**
 * Every field of a company (createCompanySchema): errors under their fields, the first invalid field focused,
 * the server's refusals (a CNPJ or a name already taken) on the same fields. On an edit, the logo too.
 */
export function CompanyForm({ company, onSaved, onCancel }: CompanyFormProps) {
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? 0);
  const options = useCompanyOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createCompanySchema),
    shouldFocusError: false,
    defaultValues: companyFormValues(company),
  });

  const managers = options.data?.managers ?? [];
  const managerChoices =
    company?.account_manager && !managers.some((person) => person.id === company.account_manager?.id)
      ? [...managers, company.account_manager]
      : managers;
  // A company cannot be its own grupo econômico.
  const parents = (options.data?.companies ?? [])
    .filter((item) => item.id !== company?.id)
    .map((item) => ({ value: String(item.id), label: item.name }));
  if (company?.parent && !parents.some((item) => item.value === String(company.parent?.id))) {
    parents.push({ value: String(company.parent.id), label: company.parent.name });
  }

  const pending = isSubmitting || create.isPending || update.isPending;

  const onSubmit = handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        const saved = company ? await update.mutateAsync(input) : await create.mutateAsync(input);
        toast.success(company ? 'Empresa atualizada.' : 'Empresa cadastrada.', {
          id: `company-${saved.id}-saved`,
        });
        onSaved(saved);
      } catch (error) {
        setFailure(
          showServerErrors(
            error,
            COMPANY_FORM_FIELDS,
            setError,
            company ? 'Não foi possível salvar a empresa.' : 'Não foi possível cadastrar a empresa.',
          ),
        );
      }
    },
    (invalid) => focusFirstInvalid(invalid, COMPANY_FORM_FIELDS, setFocus),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={company ? 'Editar empresa' : 'Nova empresa'}
      className="flex flex-col gap-4"
    >
      {company ? <CompanyLogoField company={company} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required>
          <FieldLabel>Nome fantasia</FieldLabel>
          <Input autoComplete="off" autoFocus {...register('name')} />
          <FieldHint>Como a empresa é chamada no dia a dia.</FieldHint>
          <FieldError>{errors.name?.message}</FieldError>
        </Field>
        <Field required>
          <FieldLabel>Razão social</FieldLabel>
          <Input autoComplete="off" {...register('legal_name')} />
          <FieldError>{errors.legal_name?.message}</FieldError>
        </Field>
        <Controller
          control={control}
          name="cnpj"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>CNPJ</FieldLabel>
              <Input
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(maskCnpj(event.target.value))}
                onBlur={field.onBlur}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                placeholder="00.000.000/0000-00"
                className="font-mono"
              />
              <FieldHint>Aceita letras (CNPJ alfanumérico).</FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Tipo</FieldLabel>
              <Select name={field.name} value={field.value ?? 'cliente'} onValueChange={field.onChange}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {COMPANY_KINDS.map((kind) => (
                    <SelectItem key={kind} value={kind}>
                      {COMPANY_KIND_LABELS[kind]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Field>
          <FieldLabel>Inscrição estadual</FieldLabel>
          <Input autoComplete="off" {...register('state_registration')} />
          <FieldHint>Só os números, ou ISENTO.</FieldHint>
          <FieldError>{errors.state_registration?.message}</FieldError>
        </Field>
        <Field>
          <FieldLabel>Inscrição municipal</FieldLabel>
          <Input autoComplete="off" {...register('municipal_registration')} />
          <FieldError>{errors.municipal_registration?.message}</FieldError>
        </Field>
        <Field>
          <FieldLabel>Segmento</FieldLabel>
          <Input autoComplete="off" placeholder="Ex.: Logística, Saúde" {...register('segment')} />
          <FieldError>{errors.segment?.message}</FieldError>
        </Field>
        <Field>
          <FieldLabel>Site</FieldLabel>
          <Input inputMode="url" autoComplete="url" placeholder="empresa.com.br" {...register('website')} />
          <FieldError>{errors.website?.message}</FieldError>
        </Field>
        <Controller
          control={control}
          name="email_domains"
          render={({ field }) => (
            <Field className="sm:col-span-2">
              <FieldLabel>Domínios de e-mail</FieldLabel>
              <DomainListInput
                ref={field.ref}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
              <FieldHint>
                Tecle Enter ou vírgula entre eles. Contatos e usuários com esses domínios são sugeridos para a
                empresa.
              </FieldHint>
              <FieldError>{domainsError(errors)}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Telefone</FieldLabel>
              <Input
                ref={field.ref}
                name={field.name}
                type="tel"
                autoComplete="tel"
                placeholder="(11) 3456-7890"
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
        <Controller
          control={control}
          name="account_manager_id"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Responsável</FieldLabel>
              <Select
                name={field.name}
                value={field.value == null ? NONE : String(field.value)}
                onValueChange={(value) => field.onChange(value === NONE ? null : Number(value))}
              >
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Sem responsável</SelectItem>
                  {managerChoices.map((person) => (
                    <SelectItem key={person.id} value={String(person.id)}>
                      {person.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldHint>Quem da equipe cuida da conta.</FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="parent_id"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Grupo econômico</FieldLabel>
              <Combobox
                ref={field.ref}
                options={parents}
                loading={options.isPending}
                placeholder="Empresa controladora (opcional)"
                value={field.value == null ? null : String(field.value)}
                onValueChange={(value) => field.onChange(value === null ? null : Number(value))}
                onBlur={field.onBlur}
              />
              <FieldHint>A empresa de que esta faz parte.</FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <Field>
              <FieldLabel>Status</FieldLabel>
              <Select name={field.name} value={field.value ?? 'ativo'} onValueChange={field.onChange}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {COMPANY_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {COMPANY_STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Field className="sm:col-span-2">
          <FieldLabel>Observações</FieldLabel>
          <Textarea rows={3} autoGrow maxRows={8} {...register('notes')} />
          <FieldError>{errors.notes?.message}</FieldError>
        </Field>
      </div>
      <FormFooter
        failure={failure}
        pending={pending}
        onCancel={onCancel}
        submitLabel={company ? 'Salvar alterações' : 'Cadastrar empresa'}
      />
    </form>
  );
}
