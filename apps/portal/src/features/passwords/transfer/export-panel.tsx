import { isApiError } from '@farol/data';
import {
  VAULT_EXPORT_MAX_ITEMS,
  VAULT_EXPORT_PASSPHRASE_MIN,
  useExportVault,
  usePasswordOptions,
} from '@farol/data/passwords';
import {
  Button,
  Checkbox,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  Spinner,
  Textarea,
  toast,
} from '@farol/ui';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { saveFile } from '../../../lib/save-file';
import { VaultTargetFields, targetCompanyId } from './vault-target-fields';

const ALL_FOLDERS = 'todas';
const FIELDS = ['company_id', 'folder_id', 'passphrase', 'confirm', 'password', 'reason'] as const;
type ExportField = (typeof FIELDS)[number];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'exportacao';

/**
 * Exportar: a company's (or a folder's) items sealed with a passphrase the person types (scrypt + AES-256-GCM);
 * their own password confirms it is them; every item exported is written to its reveal log.
 */
export function ExportPanel() {
  const id = useId();
  const options = usePasswordOptions();
  const exporter = useExportVault();
  const [company, setCompany] = useState('');
  const [folder, setFolder] = useState(ALL_FOLDERS);
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [breakGlassAsked, setBreakGlassAsked] = useState<string | null>(null);
  const [breakGlass, setBreakGlass] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<ExportField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const target = targetCompanyId(company);
  // The export's request names the internal vault 'internal'.
  const companyId = target === null ? ('internal' as const) : target;
  const clear = (field: ExportField) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exporter.isPending) return;
    const problems: FieldErrors<ExportField> = {};
    if (companyId === undefined) problems.company_id = 'Escolha a empresa (ou Interno)';
    if (passphrase.length < VAULT_EXPORT_PASSPHRASE_MIN)
      problems.passphrase = `A senha da exportação precisa de pelo menos ${VAULT_EXPORT_PASSPHRASE_MIN} caracteres`;
    else if (confirm !== passphrase) problems.confirm = 'As duas senhas não conferem';
    if (!password) problems.password = 'Informe sua senha';
    if (breakGlass && !reason.trim()) problems.reason = 'Informe o motivo do quebra-vidro';
    setErrors(problems);
    setFailure(null);
    setSaved(null);
    if (Object.keys(problems).length > 0 || companyId === undefined) return;
    try {
      const file = await exporter.mutateAsync({
        company_id: companyId,
        folder_id: folder === ALL_FOLDERS ? null : Number(folder),
        passphrase,
        password,
        reason: reason.trim() || null,
        ...(breakGlass ? { break_glass: true } : {}),
      });
      const scope =
        folder !== ALL_FOLDERS
          ? (options.data?.folders.find((entry) => String(entry.id) === folder)?.name ?? 'pasta')
          : companyId === 'internal'
            ? 'interno'
            : (options.data?.companies.find((entry) => entry.id === companyId)?.name ?? 'empresa');
      saveFile(file.blob, `farol-cofre-${slug(scope)}-${new Date().toISOString().slice(0, 10)}.json`);
      const message =
        `Exportação cifrada salva: ${file.items === 1 ? '1 item' : `${file.items.toLocaleString('pt-BR')} itens`}` +
        (file.leftOut > 0
          ? ` (${file.leftOut === 1 ? '1 item ficou' : `${file.leftOut} itens ficaram`} de fora: seu acesso a ${file.leftOut === 1 ? 'ele' : 'eles'} não permite revelar).`
          : '.');
      setSaved(message);
      toast.success('Exportação cifrada salva.', { id: 'vault-export' });
      setPassphrase('');
      setConfirm('');
      setPassword('');
    } catch (error) {
      if (
        isApiError(error) &&
        error.status === 403 &&
        (error.body as { error?: string } | undefined)?.error === 'break_glass_required'
      ) {
        setBreakGlassAsked(error.message);
        return;
      }
      const split = serverFieldErrors(error, FIELDS);
      setErrors(split.fields);
      setFailure(
        Object.keys(split.fields).length > 0
          ? (split.other[0] ?? null)
          : failureMessage(error, 'Não foi possível exportar.'),
      );
    }
  };

  return (
    <form
      noValidate
      aria-label="Exportar do cofre"
      onSubmit={(event) => void onSubmit(event)}
      className="flex max-w-2xl flex-col gap-4"
    >
      <p className="text-sm text-muted-foreground">
        O arquivo sai cifrado com a senha que você digitar (scrypt + AES-256-GCM) e só abre com ela — no
        Farol, pela importação. Cada item exportado fica no registro de revelações. Até{' '}
        {VAULT_EXPORT_MAX_ITEMS.toLocaleString('pt-BR')} itens por arquivo.
      </p>
      <VaultTargetFields
        company={company}
        folder={folder}
        onCompanyChange={(value) => {
          setCompany(value);
          setFolder(ALL_FOLDERS);
          setBreakGlassAsked(null);
          setBreakGlass(false);
          clear('company_id');
        }}
        onFolderChange={setFolder}
        noFolder={{ value: ALL_FOLDERS, label: 'Todas as pastas' }}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required invalid={Boolean(errors.passphrase)}>
          <FieldLabel>Senha da exportação</FieldLabel>
          <Input
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(event) => {
              setPassphrase(event.target.value);
              clear('passphrase');
            }}
          />
          <FieldHint>
            Pelo menos {VAULT_EXPORT_PASSPHRASE_MIN} caracteres; uma frase é mais fácil de guardar.
          </FieldHint>
          <FieldError>{errors.passphrase}</FieldError>
        </Field>
        <Field required invalid={Boolean(errors.confirm)}>
          <FieldLabel>Repita a senha da exportação</FieldLabel>
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              clear('confirm');
            }}
          />
          <FieldError>{errors.confirm}</FieldError>
        </Field>
      </div>
      <Field required invalid={Boolean(errors.password)}>
        <FieldLabel>Sua senha do Farol</FieldLabel>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
        />
        <FieldHint>Confirma que é você: exportar revela todos os segredos do escopo.</FieldHint>
        <FieldError>{errors.password}</FieldError>
      </Field>
      {breakGlassAsked ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm"
        >
          <p>{breakGlassAsked}</p>
          <label htmlFor={`${id}-break-glass`} className="flex items-center gap-2 font-medium">
            <Checkbox
              id={`${id}-break-glass`}
              checked={breakGlass}
              onCheckedChange={(value) => setBreakGlass(value === true)}
            />
            Usar o quebra-vidro (os outros administradores serão avisados)
          </label>
        </div>
      ) : null}
      <Field required={breakGlass} invalid={Boolean(errors.reason)}>
        <FieldLabel>Motivo</FieldLabel>
        <Textarea
          rows={2}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            clear('reason');
          }}
        />
        <FieldHint>
          Fica no registro de cada item. Obrigatório no quebra-vidro e em pastas que pedem motivo.
        </FieldHint>
        <FieldError>{errors.reason}</FieldError>
      </Field>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          {saved}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={exporter.isPending}>
          {exporter.isPending ? <Spinner size="sm" label="Cifrando…" className="text-current" /> : null}
          Exportar cifrado
        </Button>
      </div>
    </form>
  );
}
