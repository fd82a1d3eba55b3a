import type { Branch, CreateBranch } from '@farol/data';
import { UFS, formatCep, formatCnpj, formatPhone, useCepLookup, useSaveBranch } from '@farol/data/companies';
import { createBranchSchema } from '@farol/data/contract';
import {
  Checkbox,
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
  toast,
} from '@farol/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isCompleteCep, maskCep, maskCnpj, tidyPhone } from './form-masks';
import { focusFirstInvalid, showServerErrors } from './server-errors';
import { FormFooter } from '../../../lib/form-footer';

export const BRANCH_FORM_FIELDS = [
  'name',
  'cnpj',
  'head_office',
  'cep',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
  'phone',
  'opening_hours',
] as const satisfies readonly (keyof CreateBranch)[];

/** The form's starting values: a new branch takes the suggested CNPJ (same root, next order). */
export function branchFormValues(branch: Branch | undefined, suggestedCnpj: string | null): CreateBranch {
  const cnpj = branch ? branch.cnpj : suggestedCnpj;
  return {
    name: branch?.name ?? '',
    cnpj: cnpj ? formatCnpj(cnpj) : '',
    head_office: branch?.head_office ?? false,
    cep: branch?.cep ? formatCep(branch.cep) : '',
    street: branch?.street ?? '',
    number: branch?.number ?? '',
    complement: branch?.complement ?? '',
    district: branch?.district ?? '',
    city: branch?.city ?? '',
    uf: branch?.uf ?? null,
    phone: branch?.phone ? formatPhone(branch.phone) : '',
    opening_hours: branch?.opening_hours ?? '',
  };
}

const NONE = 'nenhuma';

type CepState =
  { kind: 'idle' } | { kind: 'looking' } | { kind: 'filled' } | { kind: 'unavailable'; text: string };

export interface BranchFormProps {
  companyId: number;
  branch?: Branch;
  /** The CNPJ a new branch would take (the company page's suggested_branch_cnpj). */
  suggestedCnpj: string | null;
  onSaved: (branch: Branch) => void;
  onCancel?: () => void;
}

/**
 * A filial: name, CNPJ (the company's root; a new one starts with the next order number), matriz, address
 * with a CEP that fills the rest when the server can look it up (and stays editable when it cannot), phone
 * and opening hours.
 */
export function BranchForm({ companyId, branch, suggestedCnpj, onSaved, onCancel }: BranchFormProps) {
  const save = useSaveBranch(companyId);
  const lookup = useCepLookup();
  const [failure, setFailure] = useState<string | null>(null);
  const [cepState, setCepState] = useState<CepState>({ kind: 'idle' });
  const lastLookup = useRef('');
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createBranchSchema),
    shouldFocusError: false,
    defaultValues: branchFormValues(branch, suggestedCnpj),
  });

  const lookUpCep = (cep: string) => {
    if (!isCompleteCep(cep) || cep === lastLookup.current) return;
    lastLookup.current = cep;
    setCepState({ kind: 'looking' });
    lookup.mutate(cep, {
      onSuccess: (address) => {
        if (lastLookup.current !== cep) return;
        const fill = { shouldDirty: true, shouldValidate: false };
        if (address.street) setValue('street', address.street, fill);
        if (address.district) setValue('district', address.district, fill);
        if (address.city) setValue('city', address.city, fill);
        if (address.uf) setValue('uf', address.uf, fill);
        setCepState({ kind: 'filled' });
      },
      // Offline, no provider, an unknown CEP: the person types the address.
      onError: () => {
        if (lastLookup.current !== cep) return;
        setCepState({ kind: 'unavailable', text: 'Endereço não encontrado pelo CEP: preencha os campos.' });
      },
    });
  };

  const pending = isSubmitting || save.isPending;
  const onSubmit = handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync({ branchId: branch?.id, input });
        toast.success(branch ? 'Filial atualizada.' : 'Filial cadastrada.', {
          id: `branch-${saved.id}-saved`,
        });
        onSaved(saved);
      } catch (error) {
        setFailure(
          showServerErrors(error, BRANCH_FORM_FIELDS, setError, 'Não foi possível salvar a filial.'),
        );
      }
    },
    (invalid) => focusFirstInvalid(invalid, BRANCH_FORM_FIELDS, setFocus),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={branch ? 'Editar filial' : 'Nova filial'}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-6">
        <Field required className="sm:col-span-6">
          <FieldLabel>Nome</FieldLabel>
          <Input autoComplete="off" autoFocus placeholder="Ex.: Filial Campinas" {...register('name')} />
          <FieldError>{errors.name?.message}</FieldError>
        </Field>
        <Controller
          control={control}
          name="cnpj"
          render={({ field, fieldState }) => (
            <Field className="sm:col-span-4">
              <FieldLabel>CNPJ</FieldLabel>
              <Input
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(maskCnpj(event.target.value))}
                onBlur={field.onBlur}
                autoComplete="off"
                spellCheck={false}
                placeholder="00.000.000/0000-00"
                className="font-mono"
              />
              <FieldHint>
                {branch
                  ? 'Mesma raiz do CNPJ da empresa.'
                  : 'Sugerido: a mesma raiz e o próximo número de ordem.'}
              </FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="head_office"
          render={({ field }) => (
            <Field orientation="horizontal" className="sm:col-span-2 sm:self-center">
              <Checkbox
                ref={field.ref}
                checked={field.value ?? false}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
              <FieldLabel>Matriz</FieldLabel>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="cep"
          render={({ field, fieldState }) => (
            <Field className="sm:col-span-2">
              <FieldLabel>CEP</FieldLabel>
              <Input
                ref={field.ref}
                name={field.name}
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="00000-000"
                value={field.value ?? ''}
                onChange={(event) => {
                  const cep = maskCep(event.target.value);
                  field.onChange(cep);
                  lookUpCep(cep);
                }}
                onBlur={field.onBlur}
              />
              <FieldHint>
                {cepState.kind === 'looking'
                  ? 'Buscando o endereço…'
                  : cepState.kind === 'filled'
                    ? 'Endereço preenchido pelo CEP; confira.'
                    : cepState.kind === 'unavailable'
                      ? cepState.text
                      : null}
              </FieldHint>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
        <Field className="sm:col-span-4">
          <FieldLabel>Logradouro</FieldLabel>
          <Input autoComplete="address-line1" {...register('street')} />
          <FieldError>{errors.street?.message}</FieldError>
        </Field>
        <Field className="sm:col-span-2">
          <FieldLabel>Número</FieldLabel>
          <Input autoComplete="off" {...register('number')} />
          <FieldError>{errors.number?.message}</FieldError>
        </Field>
        <Field className="sm:col-span-4">
          <FieldLabel>Complemento</FieldLabel>
          <Input autoComplete="address-line2" {...register('complement')} />
          <FieldError>{errors.complement?.message}</FieldError>
        </Field>
        <Field className="sm:col-span-3">
          <FieldLabel>Bairro</FieldLabel>
          <Input autoComplete="off" {...register('district')} />
          <FieldError>{errors.district?.message}</FieldError>
        </Field>
        <Field className="sm:col-span-2">
          <FieldLabel>Cidade</FieldLabel>
          <Input autoComplete="address-level2" {...register('city')} />
          <FieldError>{errors.city?.message}</FieldError>
        </Field>
        <Controller
          control={control}
          name="uf"
          render={({ field, fieldState }) => (
            <Field className="sm:col-span-1">
              <FieldLabel>UF</FieldLabel>
              <Select
                name={field.name}
                value={field.value ?? NONE}
                onValueChange={(value) => field.onChange(value === NONE ? null : value)}
              >
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>—</SelectItem>
                  {UFS.map(([code]) => (
                    <SelectItem key={code} value={code}>
                      {code}
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
          name="phone"
          render={({ field, fieldState }) => (
            <Field className="sm:col-span-3">
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
        <Field className="sm:col-span-3">
          <FieldLabel>Horário de atendimento</FieldLabel>
          <Input autoComplete="off" placeholder="Seg. a sex., 8h às 18h" {...register('opening_hours')} />
          <FieldError>{errors.opening_hours?.message}</FieldError>
        </Field>
      </div>
      <FormFooter
        failure={failure}
        pending={pending}
        onCancel={onCancel}
        submitLabel={branch ? 'Salvar filial' : 'Cadastrar filial'}
      />
    </form>
  );
}
