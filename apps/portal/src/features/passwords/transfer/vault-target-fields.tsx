import { usePasswordOptions } from '@farol/data/passwords';
import {
  Field,
  FieldError,
  FieldLabel,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@farol/ui';

/** The Empresa select's value for the internal vault (Radix Select has no null). */
export const INTERNAL_COMPANY = 'interno';

/** The company a target names: a company id, null for internal, undefined while none is chosen. */
export const targetCompanyId = (company: string): number | null | undefined =>
  company === INTERNAL_COMPANY ? null : company ? Number(company) : undefined;

export interface VaultTargetFieldsProps {
  company: string;
  folder: string;
  /** Called with the new company; the caller resets the folder to `noFolder.value` and clears its errors. */
  onCompanyChange: (company: string) => void;
  onFolderChange: (folder: string) => void;
  /** The folder choice that names no folder: "Sem pasta" (import) or "Todas as pastas" (export). */
  noFolder: { value: string; label: string };
  errors: { company_id?: string | undefined; folder_id?: string | undefined };
}

/** Empresa (or Interno) and one of its folders: where an import lands, or what an export takes. */
export function VaultTargetFields({
  company,
  folder,
  onCompanyChange,
  onFolderChange,
  noFolder,
  errors,
}: VaultTargetFieldsProps) {
  const options = usePasswordOptions();
  const companyId = targetCompanyId(company);
  const folders = (options.data?.folders ?? []).filter(
    (entry) => companyId !== undefined && (entry.company?.id ?? null) === companyId,
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field required invalid={Boolean(errors.company_id)}>
        <FieldLabel>Empresa</FieldLabel>
        <Select value={company} onValueChange={onCompanyChange}>
          <SelectTrigger>
            <SelectValue placeholder="Escolha a empresa" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={INTERNAL_COMPANY}>Interno (Farol)</SelectItem>
            {(options.data?.companies ?? []).map((entry) => (
              <SelectItem key={entry.id} value={String(entry.id)}>
                {entry.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError>{errors.company_id}</FieldError>
      </Field>
      <Field invalid={Boolean(errors.folder_id)}>
        <FieldLabel>Pasta</FieldLabel>
        <Select value={folder} onValueChange={onFolderChange} disabled={companyId === undefined}>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={noFolder.value}>{noFolder.label}</SelectItem>
            {folders.map((entry) => (
              <SelectItem key={entry.id} value={String(entry.id)}>
                {entry.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError>{errors.folder_id}</FieldError>
      </Field>
    </div>
  );
}
