import type { Company } from '@farol/data';
import { useCompanyLogo } from '@farol/data/companies';
import { Avatar, Button, Spinner, buttonVariants, cn, toast } from '@farol/ui';
import { ImageUpIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';

/** The server takes JPG, PNG, GIF or WebP (checked by content) up to 5 MB. */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be the logo, or null when it can. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type))
    return 'Escolha uma imagem JPG, PNG, GIF ou WebP.';
  if (file.size > LOGO_MAX_BYTES) return 'Arquivo maior que 5MB';
  return null;
}

/** The company's logo on its edit form: sent as soon as it is chosen (or removed), apart from the other fields. */
export function CompanyLogoField({ company }: { company: Company }) {
  const id = useId();
  const logo = useCompanyLogo(company.id);
  const [problem, setProblem] = useState<string | null>(null);
  const save = (file: File | null) =>
    logo.mutate(file, {
      onSuccess: () =>
        toast.success(file ? 'Logotipo atualizado.' : 'Logotipo removido.', {
          id: `company-${company.id}-logo`,
        }),
      onError: (error) =>
        setProblem(failureMessage(error, 'Não foi possível salvar o logotipo. Tente novamente.')),
    });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Logotipo</legend>
      <div className="flex flex-wrap items-center gap-3">
        <Avatar name={company.name} src={company.logo_url} size="lg" decorative />
        {/* A label wraps the real input: one accessible control, and the browser's own picker on click. */}
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer focus-within:ring-2 focus-within:ring-ring',
            logo.isPending && 'pointer-events-none opacity-50',
          )}
        >
          <ImageUpIcon aria-hidden="true" />
          {company.logo_url ? 'Trocar logotipo' : 'Enviar logotipo'}
          <input
            id={id}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            disabled={logo.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const refused = logoFileProblem(file);
              setProblem(refused);
              if (!refused) save(file);
            }}
          />
        </label>
        {company.logo_url ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={logo.isPending}
            onClick={() => {
              setProblem(null);
              save(null);
            }}
          >
            Remover logotipo
          </Button>
        ) : null}
        {logo.isPending ? <Spinner size="sm" label="Salvando logotipo…" /> : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        JPG, PNG, GIF ou WebP até 5MB. Salvo assim que escolhido.
      </p>
      {problem ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
