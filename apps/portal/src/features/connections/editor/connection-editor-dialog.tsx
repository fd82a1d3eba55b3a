import { useBranches } from '@farol/data/companies';
import {
  CONNECTION_CREDENTIAL_MODES,
  CONNECTION_CREDENTIAL_MODE_LABELS,
  CONNECTION_DEFAULT_PORTS,
  CONNECTION_PROTOCOLS,
  CONNECTION_PROTOCOL_LABELS,
  CONNECTION_RECORDING_LABELS,
  CONNECTION_RECORDING_POLICIES,
  useConnectionFilterOptions,
  useConnections,
  useSaveConnection,
  type ConnectionCredentialMode,
  type ConnectionProtocol,
  type ConnectionRecordingPolicy,
} from '@farol/data/connections';
import type { Connection, CreateConnectionInput } from '@farol/data';
import { usePasswords } from '@farol/data/passwords';
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
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
  toast,
} from '@farol/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { connectionPath } from '../shared/connection-format';

const NONE = 'nenhum';

const FIELDS = [
  'name',
  'protocol',
  'host',
  'port',
  'company_id',
  'branch_id',
  'folder',
  'tags',
  'description',
  'credential_mode',
  'vault_item_id',
  'username',
  'jump_connection_id',
  'options',
  'recording',
  'require_reason',
  'idle_timeout_min',
  'max_duration_min',
  'max_sessions',
] as const;
type FieldName = (typeof FIELDS)[number];

interface Draft {
  name: string;
  protocol: ConnectionProtocol;
  host: string;
  port: string;
  company: string;
  branch: string;
  folder: string;
  tags: string;
  description: string;
  credentialMode: ConnectionCredentialMode;
  vaultItem: string;
  username: string;
  jump: string;
  terminalType: string;
  rdpDomain: string;
  rdpResolution: string;
  vncViewOnly: boolean;
  recording: ConnectionRecordingPolicy;
  requireReason: boolean;
  idle: string;
  maxDuration: string;
  maxSessions: string;
}

const draftOf = (connection: Connection | null, companyId: number | null): Draft => ({
  name: connection?.name ?? '',
  protocol: connection?.protocol ?? 'ssh',
  host: connection?.host ?? '',
  port: connection ? String(connection.port) : '',
  company: connection ? String(connection.company?.id ?? NONE) : String(companyId ?? NONE),
  branch: String(connection?.branch?.id ?? NONE),
  folder: connection?.folder ?? '',
  tags: connection?.tags.join(', ') ?? '',
  description: connection?.description ?? '',
  credentialMode: connection?.credential_mode ?? 'pedir',
  vaultItem: String(connection?.vault_item?.id ?? NONE),
  username: connection?.username ?? '',
  jump: String(connection?.jump?.id ?? NONE),
  terminalType: connection?.options.terminal_type ?? '',
  rdpDomain: connection?.options.rdp_domain ?? '',
  rdpResolution: connection?.options.rdp_resolution ?? '',
  vncViewOnly: connection?.options.vnc_view_only ?? false,
  recording: connection?.recording ?? 'opcional',
  requireReason: connection?.require_reason ?? false,
  idle: connection?.idle_timeout_min ? String(connection.idle_timeout_min) : '',
  maxDuration: connection?.max_duration_min ? String(connection.max_duration_min) : '',
  maxSessions: connection?.max_sessions ? String(connection.max_sessions) : '',
});

const idOf = (value: string) => (value === NONE ? null : Number(value));
const numberOf = (value: string) => (value.trim() === '' ? null : Number(value));

const inputOf = (draft: Draft): CreateConnectionInput => {
  const options: NonNullable<CreateConnectionInput['options']> = {};
  if ((draft.protocol === 'ssh' || draft.protocol === 'telnet') && draft.terminalType.trim())
    options.terminal_type = draft.terminalType.trim();
  if (draft.protocol === 'rdp') {
    if (draft.rdpDomain.trim()) options.rdp_domain = draft.rdpDomain.trim();
    if (draft.rdpResolution.trim()) options.rdp_resolution = draft.rdpResolution.trim();
  }
  if (draft.protocol === 'vnc') options.vnc_view_only = draft.vncViewOnly;
  return {
    name: draft.name,
    protocol: draft.protocol,
    host: draft.host,
    port: numberOf(draft.port),
    company_id: idOf(draft.company),
    branch_id: idOf(draft.branch),
    folder: draft.folder,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    description: draft.description,
    credential_mode: draft.credentialMode,
    vault_item_id: draft.credentialMode === 'cofre' ? idOf(draft.vaultItem) : null,
    username: draft.username,
    jump_connection_id: draft.protocol === 'ssh' ? idOf(draft.jump) : null,
    options,
    recording: draft.recording,
    require_reason: draft.requireReason,
    idle_timeout_min: numberOf(draft.idle),
    max_duration_min: numberOf(draft.maxDuration),
    max_sessions: numberOf(draft.maxSessions),
  };
};

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/**
 * "Nova conexão" / "Editar conexão": every field of the contract; the server checks them (the target policy
 * too) and its 400 messages go under their fields.
 */
export function ConnectionEditorDialog({
  open,
  onOpenChange,
  connection,
  defaultCompanyId = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connection: Connection | null;
  defaultCompanyId?: number | null;
}) {
  const navigate = useNavigate();
  const save = useSaveConnection(connection?.id ?? null);
  const options = useConnectionFilterOptions();
  const [draft, setDraft] = useState<Draft>(() => draftOf(connection, defaultCompanyId));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const companyId = idOf(draft.company);
  const branches = useBranches(companyId);
  const vault = usePasswords(
    { company_id: companyId ?? 'internal', limit: 100 },
    { enabled: open && draft.credentialMode === 'cofre' },
  );
  const jumps = useConnections(
    { protocol: 'ssh', limit: 100 },
    { enabled: open && draft.protocol === 'ssh' },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<FieldName, string>> = {};
    if (!draft.name.trim()) next.name = 'Informe o nome';
    if (!draft.host.trim()) next.host = 'Informe o endereço';
    if (draft.credentialMode === 'cofre' && draft.vaultItem === NONE)
      next.vault_item_id = 'Escolha o item do cofre com a credencial';
    setErrors(next);
    setOther([]);
    if (Object.keys(next).length > 0) return;
    save.mutate(inputOf(draft), {
      onSuccess: (saved) => {
        toast.success(connection ? 'Conexão salva' : 'Conexão criada', { description: saved.name });
        onOpenChange(false);
        if (!connection) navigate(connectionPath(saved.id));
      },
      onError: (error) => {
        const split = serverFieldErrors(error, FIELDS);
        setErrors(split.fields);
        setOther(
          split.other.length > 0 || Object.keys(split.fields).length > 0
            ? split.other
            : [failureMessage(error, 'Não foi possível salvar a conexão.')],
        );
      },
    });
  };

  const text = (
    key: keyof Draft,
    field: FieldName,
    label: string,
    props: { hint?: string; placeholder?: string; type?: string; required?: boolean } = {},
  ) => (
    <Field required={props.required}>
      <FieldLabel>{label}</FieldLabel>
      <Input
        value={String(draft[key])}
        type={props.type ?? 'text'}
        placeholder={props.placeholder}
        onChange={(event) => set(key, event.target.value as never)}
      />
      {props.hint ? <FieldHint>{props.hint}</FieldHint> : null}
      <FieldError>{errors[field]}</FieldError>
    </Field>
  );

  const vaultItems = vault.data?.items ?? [];
  const jumpOptions = (jumps.data?.items ?? []).filter((item) => item.id !== connection?.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{connection ? 'Editar conexão' : 'Nova conexão'}</DialogTitle>
            <DialogDescription>
              A credencial nunca sai do servidor: escolha um item do cofre, peça-a ao conectar ou deixe cada
              pessoa usar a sua.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {text('name', 'name', 'Nome', { required: true, placeholder: 'srv-db01' })}
            <Choice
              label="Protocolo"
              value={draft.protocol}
              options={CONNECTION_PROTOCOLS.map((value) => ({
                value,
                label: CONNECTION_PROTOCOL_LABELS[value],
              }))}
              onChange={(value) => set('protocol', value)}
              error={errors.protocol}
            />
            {text('host', 'host', 'Endereço', {
              required: true,
              placeholder: 'srv-db01.acme.local ou 10.0.0.5',
            })}
            {text('port', 'port', 'Porta', {
              type: 'number',
              placeholder: String(CONNECTION_DEFAULT_PORTS[draft.protocol]),
              hint: `Vazio: a padrão (${CONNECTION_DEFAULT_PORTS[draft.protocol]}).`,
            })}
            <Choice
              label="Empresa"
              value={draft.company}
              options={[
                { value: NONE, label: 'Interno (Farol)' },
                ...(options.data?.companies ?? []).map((company) => ({
                  value: String(company.id),
                  label: company.name,
                })),
              ]}
              onChange={(value) => setDraft((current) => ({ ...current, company: value, branch: NONE }))}
              error={errors.company_id}
            />
            <Choice
              label="Filial"
              value={draft.branch}
              options={[
                { value: NONE, label: 'Nenhuma' },
                ...(branches.data?.items ?? []).map((branch) => ({
                  value: String(branch.id),
                  label: branch.name,
                })),
              ]}
              onChange={(value) => set('branch', value)}
              error={errors.branch_id}
            />
            {text('folder', 'folder', 'Pasta', { placeholder: 'Servidores / Banco de dados' })}
            {text('tags', 'tags', 'Etiquetas', {
              placeholder: 'produção, linux',
              hint: 'Separe por vírgulas.',
            })}
          </div>
          <Field>
            <FieldLabel>Descrição</FieldLabel>
            <Textarea
              rows={2}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
            <FieldError>{errors.description}</FieldError>
          </Field>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Credencial</legend>
            <Choice
              label="De onde vem a credencial"
              value={draft.credentialMode}
              options={CONNECTION_CREDENTIAL_MODES.map((value) => ({
                value,
                label: CONNECTION_CREDENTIAL_MODE_LABELS[value],
              }))}
              onChange={(value) => set('credentialMode', value)}
              error={errors.credential_mode}
            />
            {draft.credentialMode === 'cofre' ? (
              <Choice
                label="Item do cofre"
                value={draft.vaultItem}
                options={[
                  { value: NONE, label: vault.isLoading ? 'Carregando…' : 'Escolha um item' },
                  ...vaultItems.map((item) => ({ value: String(item.id), label: item.name })),
                  ...(connection?.vault_item &&
                  !vaultItems.some((item) => item.id === connection.vault_item?.id)
                    ? [{ value: String(connection.vault_item.id), label: connection.vault_item.name }]
                    : []),
                ]}
                onChange={(value) => set('vaultItem', value)}
                error={errors.vault_item_id}
              />
            ) : null}
            {text('username', 'username', 'Usuário', { hint: 'Vazio: o do item do cofre.' })}
            {draft.protocol === 'ssh' ? (
              <Choice
                label="Jump host"
                value={draft.jump}
                options={[
                  { value: NONE, label: 'Nenhum (direto)' },
                  ...jumpOptions.map((item) => ({
                    value: String(item.id),
                    label: `${item.name} (${item.host})`,
                  })),
                ]}
                onChange={(value) => set('jump', value)}
                error={errors.jump_connection_id}
              />
            ) : null}
          </fieldset>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">
              Opções de {CONNECTION_PROTOCOL_LABELS[draft.protocol]}
            </legend>
            {draft.protocol === 'ssh' || draft.protocol === 'telnet'
              ? text('terminalType', 'options', 'Tipo de terminal', { placeholder: 'xterm-256color' })
              : null}
            {draft.protocol === 'rdp' ? (
              <>
                {text('rdpDomain', 'options', 'Domínio', { placeholder: 'ACME' })}
                {text('rdpResolution', 'options', 'Resolução', { placeholder: 'auto ou 1920x1080' })}
              </>
            ) : null}
            {draft.protocol === 'vnc' ? (
              <Field orientation="horizontal">
                <Switch checked={draft.vncViewOnly} onCheckedChange={(value) => set('vncViewOnly', value)} />
                <FieldLabel>Somente visualização</FieldLabel>
              </Field>
            ) : null}
            {draft.protocol === 'http' || draft.protocol === 'https' ? (
              <p className="text-sm text-muted-foreground">Abre no navegador; nada a configurar.</p>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Registro e limites</legend>
            <Choice
              label="Gravação"
              value={draft.recording}
              options={CONNECTION_RECORDING_POLICIES.map((value) => ({
                value,
                label: CONNECTION_RECORDING_LABELS[value],
              }))}
              onChange={(value) => set('recording', value)}
              error={errors.recording}
              hint="Grava as sessões SSH (cifradas)."
            />
            <Field orientation="horizontal">
              <Switch
                checked={draft.requireReason}
                onCheckedChange={(value) => set('requireReason', value)}
              />
              <FieldLabel>Exigir motivo ao conectar</FieldLabel>
              <FieldError>{errors.require_reason}</FieldError>
            </Field>
            {text('idle', 'idle_timeout_min', 'Inatividade (min)', { type: 'number', placeholder: '30' })}
            {text('maxDuration', 'max_duration_min', 'Duração máxima (min)', {
              type: 'number',
              placeholder: '480',
            })}
            {text('maxSessions', 'max_sessions', 'Sessões simultâneas', { type: 'number', placeholder: '5' })}
          </fieldset>
          {other.length > 0 ? (
            <div
              role="alert"
              className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
            >
              {other.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando…' : 'Salvar conexão'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
