import { createFolderSchema } from '@farol/data/contract';
import {
  useCreateFolder,
  usePasswordOptions,
  useUpdateFolder,
  type FolderChanges,
  type VaultFolder,
} from '@farol/data/passwords';
import {
  Button,
  Checkbox,
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
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  toast,
} from '@farol/ui';
import { useState, type FormEvent } from 'react';
import {
  failureMessage,
  fieldErrorsFromIssues,
  serverFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';

const FIELDS = ['name', 'company_id', 'rotate_every_days'] as const;
type FormField = (typeof FIELDS)[number];
/** The company select's value for an internal folder. */
export const INTERNAL = 'interno';

/**
 * Nova pasta / Editar pasta: its name, its company (or internal: moving it, an empty folder only), whether a
 * reveal needs a reason, and its rotation policy.
 */
export function FolderDialog({
  open,
  onOpenChange,
  folder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new folder. */
  folder: VaultFolder | null;
}) {
  const options = usePasswordOptions();
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const [name, setName] = useState(folder?.name ?? '');
  const [company, setCompany] = useState(folder?.company ? String(folder.company.id) : INTERNAL);
  const [requireReason, setRequireReason] = useState(folder?.require_reason ?? false);
  const [rotate, setRotate] = useState(folder?.rotate_every_days ? String(folder.rotate_every_days) : '');
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  // Only an empty folder changes company (each item's secrets are sealed under its company's key).
  const locked = folder !== null && folder.item_count > 0;
  const companies = options.data?.companies ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      name,
      company_id: company === INTERNAL ? null : Number(company),
      require_reason: requireReason,
      rotate_every_days: rotate.trim() === '' ? null : Number(rotate),
    };
    const parsed = createFolderSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues, FIELDS));
    setErrors({});
    const onError = (error: unknown) => {
      const found = serverFieldErrors(error, FIELDS);
      setErrors(found.fields);
      setFailure(
        found.other[0] ??
          (Object.keys(found.fields).length
            ? null
            : failureMessage(error, 'Não foi possível salvar a pasta.')),
      );
    };
    if (folder === null) {
      create.mutate(input, {
        onSuccess: (saved) => {
          toast.success(`Pasta "${saved.name}" criada.`);
          onOpenChange(false);
        },
        onError,
      });
      return;
    }
    const changes: FolderChanges = {};
    if (input.name.trim() !== folder.name) changes.name = input.name.trim();
    if (input.company_id !== (folder.company?.id ?? null)) changes.company_id = input.company_id;
    if (input.require_reason !== folder.require_reason) changes.require_reason = input.require_reason;
    if (input.rotate_every_days !== folder.rotate_every_days)
      changes.rotate_every_days = input.rotate_every_days;
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    update.mutate(
      { id: folder.id, changes },
      {
        onSuccess: (saved) => {
          toast.success(
            changes.company_id !== undefined
              ? `Pasta "${saved.name}" movida para ${saved.company?.name ?? 'Interno (Farol)'}`
              : `Pasta "${saved.name}" salva.`,
          );
          onOpenChange(false);
        },
        onError,
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{folder ? `Editar pasta ${folder.name}` : 'Nova pasta'}</DialogTitle>
          <DialogDescription>
            Uma pasta agrupa itens de uma empresa (ou internos). Os acessos dados à pasta valem para todos os
            itens dela, inclusive os que forem criados depois.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={submit}
          aria-label={folder ? 'Editar pasta' : 'Nova pasta'}
        >
          <Field invalid={Boolean(errors.name)}>
            <FieldLabel>Nome</FieldLabel>
            <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={120} />
            <FieldError>{errors.name}</FieldError>
          </Field>
          <Field invalid={Boolean(errors.company_id)}>
            <FieldLabel>Empresa</FieldLabel>
            <Select value={company} onValueChange={setCompany} disabled={locked}>
              <SelectTrigger aria-label="Empresa">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={INTERNAL}>Interno (Farol)</SelectItem>
                {folder?.company && !companies.some((entry) => entry.id === folder.company!.id) ? (
                  <SelectItem value={String(folder.company.id)}>{folder.company.name}</SelectItem>
                ) : null}
                {companies.map((entry) => (
                  <SelectItem key={entry.id} value={String(entry.id)}>
                    {entry.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {locked ? (
              <FieldHint>
                Só uma pasta vazia muda de empresa: esta tem {folder.item_count}{' '}
                {folder.item_count === 1 ? 'item' : 'itens'}. Mova cada item pelo editor dele (o segredo é
                cifrado de novo com a chave da outra empresa).
              </FieldHint>
            ) : folder ? (
              <FieldHint>Trocar a empresa move a pasta (ela está vazia).</FieldHint>
            ) : null}
            <FieldError>{errors.company_id}</FieldError>
          </Field>
          <Field invalid={Boolean(errors.rotate_every_days)}>
            <FieldLabel>Trocar as senhas a cada (dias)</FieldLabel>
            <Input
              type="number"
              min={1}
              max={3650}
              value={rotate}
              onChange={(event) => setRotate(event.target.value)}
              placeholder="Sem política"
            />
            <FieldHint>Vale para os itens da pasta que não têm política própria.</FieldHint>
            <FieldError>{errors.rotate_every_days}</FieldError>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={requireReason}
              onCheckedChange={(checked) => setRequireReason(checked === true)}
            />
            Pedir um motivo ou um chamado para revelar
          </label>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner /> : null}
              {pending ? 'Salvando…' : folder ? 'Salvar pasta' : 'Criar pasta'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
