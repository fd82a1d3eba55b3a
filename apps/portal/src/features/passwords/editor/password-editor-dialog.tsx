import {
  PASSWORD_KINDS,
  usePasswordOptions,
  useRevealPassword,
  useSavePassword,
  type PasswordItem,
  type PasswordKind,
} from '@farol/data/passwords';
import { createPasswordSchema, updatePasswordSchema } from '@farol/data/contract';
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
  Textarea,
  toast,
} from '@farol/ui';
import { WandSparklesIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { PASSWORD_KIND_LABELS, passwordPath } from '../shared/password-labels';
import { GeneratorPanel, StrengthMeter } from './generator-panel';

const NONE = 'nenhuma';

const FIELDS = [
  'kind',
  'name',
  'company_id',
  'folder_id',
  'username',
  'url',
  'description',
  'tags',
  'rotate_every_days',
  'secrets.password',
  'secrets.totp',
  'secrets.notes',
  'secrets.private_key',
] as const;
type FieldName = (typeof FIELDS)[number];

interface Draft {
  kind: PasswordKind;
  name: string;
  company: string;
  folder: string;
  username: string;
  url: string;
  description: string;
  tags: string;
  rotate: string;
  password: string;
  totp: string;
  notes: string;
  privateKey: string;
  sensitive: boolean;
  clientVisible: boolean;
}

const draftOf = (item: PasswordItem | null, companyId: number | null): Draft => ({
  kind: item?.kind ?? 'login',
  name: item?.name ?? '',
  company: item ? (item.company ? String(item.company.id) : NONE) : companyId ? String(companyId) : NONE,
  folder: item?.folder ? String(item.folder.id) : NONE,
  username: item?.username ?? '',
  url: item?.url ?? '',
  description: item?.description ?? '',
  tags: item?.tags.join(', ') ?? '',
  rotate: item?.rotate_every_days ? String(item.rotate_every_days) : '',
  password: '',
  totp: '',
  notes: '',
  privateKey: '',
  sensitive: item?.sensitive ?? false,
  clientVisible: item?.client_visible ?? false,
});

/**
 * Creates or edits an item. Secrets typed here go to the server once and are never shown back; on an edit a
 * secret left blank keeps the stored one. The TOTP seed is revealed here, to editors, on demand (audited).
 */
export function PasswordEditorDialog({
  open,
  onOpenChange,
  item,
  defaultCompanyId = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: PasswordItem | null;
  defaultCompanyId?: number | null;
}) {
  const navigate = useNavigate();
  const options = usePasswordOptions();
  const save = useSavePassword(item?.id ?? null);
  const revealSeed = useRevealPassword(item?.id ?? 0);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item, defaultCompanyId));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const [generator, setGenerator] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const companyId = draft.company === NONE ? null : Number(draft.company);
  const folders = (options.data?.folders ?? []).filter(
    (folder) => (folder.company?.id ?? null) === companyId,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const secrets: Record<string, string> = {};
    if (draft.password) secrets.password = draft.password;
    if (draft.totp) secrets.totp = draft.totp;
    if (draft.notes) secrets.notes = draft.notes;
    if (draft.privateKey) secrets.private_key = draft.privateKey;
    const body = {
      kind: draft.kind,
      name: draft.name,
      company_id: companyId,
      folder_id: draft.folder === NONE ? null : Number(draft.folder),
      username: draft.username,
      url: draft.url,
      description: draft.description,
      tags: draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      rotate_every_days: draft.rotate ? Number(draft.rotate) : null,
      sensitive: draft.sensitive,
      client_visible: draft.clientVisible,
      ...(Object.keys(secrets).length ? { secrets } : {}),
    };
    const parsed = (item ? updatePasswordSchema : createPasswordSchema).safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') as FieldName;
        if (FIELDS.includes(key)) next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setOther([]);
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(item ? 'Item salvo.' : 'Item guardado no cofre.');
        onOpenChange(false);
        if (!item) navigate(passwordPath(saved.id));
      },
      onError: (error) => {
        const server = serverFieldErrors(error, FIELDS);
        setErrors(server.fields);
        setOther(server.other.length ? server.other : [failureMessage(error, 'Não foi possível salvar.')]);
      },
    });
  };

  const showSeed = () =>
    revealSeed.mutate(
      { field: 'totp', reason: 'Edição do item' },
      {
        onSuccess: (answer) => set('totp', answer.value),
        onError: (error) => toast.error(failureMessage(error, 'Não foi possível mostrar a semente.')),
      },
    );

  const secretHint = item ? 'Deixe em branco para manter o que está guardado.' : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{item ? 'Editar item' : 'Novo item do cofre'}</DialogTitle>
          <DialogDescription>
            Os segredos são cifrados no servidor e nunca aparecem em listas. Revelar fica registrado.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <Field required>
            <FieldLabel>Nome</FieldLabel>
            <Input value={draft.name} onChange={(event) => set('name', event.target.value)} autoFocus />
            <FieldError>{errors.name}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Tipo</FieldLabel>
            <Select value={draft.kind} onValueChange={(value) => set('kind', value as PasswordKind)}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PASSWORD_KINDS.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {PASSWORD_KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field>
            <FieldLabel>Empresa</FieldLabel>
            <Select
              value={draft.company}
              onValueChange={(value) => setDraft((current) => ({ ...current, company: value, folder: NONE }))}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Interno (Farol)</SelectItem>
                {(options.data?.companies ?? []).map((company) => (
                  <SelectItem key={company.id} value={String(company.id)}>
                    {company.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError>{errors.company_id}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Pasta</FieldLabel>
            <Select value={draft.folder} onValueChange={(value) => set('folder', value)}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Sem pasta</SelectItem>
                {folders.map((folder) => (
                  <SelectItem key={folder.id} value={String(folder.id)}>
                    {folder.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError>{errors.folder_id}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Usuário</FieldLabel>
            <Input
              value={draft.username}
              autoComplete="off"
              onChange={(event) => set('username', event.target.value)}
            />
            <FieldError>{errors.username}</FieldError>
          </Field>
          <Field>
            <FieldLabel>URL ou endereço</FieldLabel>
            <Input value={draft.url} onChange={(event) => set('url', event.target.value)} />
            <FieldError>{errors.url}</FieldError>
          </Field>
          <Field className="sm:col-span-2">
            <FieldLabel>{draft.kind === 'wifi' ? 'Senha do Wi-Fi' : 'Senha'}</FieldLabel>
            <div className="flex gap-2">
              <Input
                type="text"
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                value={draft.password}
                onChange={(event) => set('password', event.target.value)}
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => setGenerator((shown) => !shown)}
                aria-expanded={generator}
              >
                <WandSparklesIcon aria-hidden="true" />
                Gerar
              </Button>
            </div>
            {secretHint ? <FieldHint>{secretHint}</FieldHint> : null}
            <FieldError>{errors['secrets.password']}</FieldError>
          </Field>
          {draft.password ? (
            <div className="sm:col-span-2">
              <StrengthMeter value={draft.password} />
            </div>
          ) : null}
          {generator ? (
            <div className="sm:col-span-2">
              <GeneratorPanel
                onUse={(value) => {
                  set('password', value);
                  setGenerator(false);
                }}
              />
            </div>
          ) : null}
          <Field className="sm:col-span-2">
            <FieldLabel>Semente TOTP</FieldLabel>
            <div className="flex gap-2">
              <Input
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                placeholder="Chave base32 ou link otpauth://"
                value={draft.totp}
                onChange={(event) => set('totp', event.target.value)}
              />
              {item?.secret_fields.includes('totp') && !draft.totp ? (
                <Button type="button" variant="outline" onClick={showSeed} disabled={revealSeed.isPending}>
                  Mostrar semente atual
                </Button>
              ) : null}
            </div>
            <FieldError>{errors['secrets.totp']}</FieldError>
          </Field>
          {draft.kind === 'chave_ssh' ? (
            <Field className="sm:col-span-2">
              <FieldLabel>Chave privada</FieldLabel>
              <Textarea
                className="font-mono"
                rows={4}
                value={draft.privateKey}
                onChange={(event) => set('privateKey', event.target.value)}
              />
              {secretHint ? <FieldHint>{secretHint}</FieldHint> : null}
              <FieldError>{errors['secrets.private_key']}</FieldError>
            </Field>
          ) : null}
          <Field className="sm:col-span-2">
            <FieldLabel>Notas seguras</FieldLabel>
            <Textarea rows={3} value={draft.notes} onChange={(event) => set('notes', event.target.value)} />
            <FieldHint>Cifradas como a senha. {secretHint ?? ''}</FieldHint>
            <FieldError>{errors['secrets.notes']}</FieldError>
          </Field>
          <Field className="sm:col-span-2">
            <FieldLabel>Descrição</FieldLabel>
            <Textarea
              rows={2}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
            <FieldHint>Em claro: aparece para quem vê o item.</FieldHint>
            <FieldError>{errors.description}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Etiquetas</FieldLabel>
            <Input
              value={draft.tags}
              placeholder="firewall, rede"
              onChange={(event) => set('tags', event.target.value)}
            />
            <FieldHint>Separe com vírgulas.</FieldHint>
            <FieldError>{errors.tags}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Trocar a senha a cada (dias)</FieldLabel>
            <Input
              type="number"
              min={1}
              max={3650}
              value={draft.rotate}
              onChange={(event) => set('rotate', event.target.value)}
            />
            <FieldError>{errors.rotate_every_days}</FieldError>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={draft.sensitive}
              onCheckedChange={(checked) => set('sensitive', checked === true)}
            />
            Sensível (pede a senha de quem revela)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={draft.clientVisible}
              onCheckedChange={(checked) => set('clientVisible', checked === true)}
            />
            Visível ao cliente
          </label>
          {other.length ? (
            <div role="alert" className="text-sm text-destructive sm:col-span-2">
              {other.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando…' : item ? 'Salvar' : 'Guardar no cofre'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
