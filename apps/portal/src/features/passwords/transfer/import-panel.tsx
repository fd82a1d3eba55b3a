import {
  VAULT_IMPORT_MAX_BYTES,
  VAULT_IMPORT_MAX_ROWS,
  useImportVault,
  usePreviewVaultImport,
  type VaultImportReport,
  type VaultImportRequest,
} from '@farol/data/passwords';
import { Button, Field, FieldError, FieldHint, FieldLabel, Input, Spinner, toast } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { ImportReportTable, importCounts } from './import-report';
import { VaultTargetFields, targetCompanyId } from './vault-target-fields';

const NO_FOLDER = 'nenhuma';
const FIELDS = ['company_id', 'folder_id', 'file', 'passphrase'] as const;
type ImportField = (typeof FIELDS)[number];

/** Why a chosen file cannot be sent, or null. */
export function importFileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return 'Escolha o arquivo exportado.';
  if (!/\.(csv|txt|json)$/i.test(file.name))
    return 'Escolha um arquivo .csv (Bitwarden, KeePass) ou .json (Farol).';
  if (file.size === 0) return 'O arquivo está vazio';
  if (file.size > VAULT_IMPORT_MAX_BYTES) return 'Arquivo maior que 5MB';
  return null;
}

/**
 * Importar: a Bitwarden or KeePass CSV, or a Farol export, into a company (or internal) and a folder —
 * previewed row by row first, then imported, each row reported (importado, ignorado, erro and why).
 */
export function ImportPanel() {
  const preview = usePreviewVaultImport();
  const importer = useImportVault();
  const [company, setCompany] = useState('');
  const [folder, setFolder] = useState(NO_FOLDER);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [passphrase, setPassphrase] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ImportField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [request, setRequest] = useState<VaultImportRequest | null>(null);
  const [planned, setPlanned] = useState<VaultImportReport | null>(null);
  const [done, setDone] = useState<VaultImportReport | null>(null);

  const companyId = targetCompanyId(company);
  const isFarol = Boolean(file && /\.json$/i.test(file.name));
  const busy = preview.isPending || importer.isPending;

  const refused = (error: unknown, fallback: string) => {
    const split = serverFieldErrors(error, FIELDS);
    setErrors(split.fields);
    setFailure(
      Object.keys(split.fields).length > 0 ? (split.other[0] ?? null) : failureMessage(error, fallback),
    );
  };

  const onPreview = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems: FieldErrors<ImportField> = {};
    if (companyId === undefined) problems.company_id = 'Escolha a empresa (ou Interno)';
    const fileProblem = importFileProblem(file);
    if (fileProblem) problems.file = fileProblem;
    if (isFarol && !passphrase) problems.passphrase = 'Informe a senha usada na exportação';
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0 || !file || companyId === undefined) return;
    const next: VaultImportRequest = {
      file: await file.text(),
      company_id: companyId,
      folder_id: folder === NO_FOLDER ? null : Number(folder),
      ...(isFarol ? { passphrase } : {}),
    };
    try {
      setPlanned(await preview.mutateAsync(next));
      setRequest(next);
    } catch (error) {
      refused(error, 'Não foi possível ler o arquivo.');
    }
  };

  const onImport = async () => {
    if (!request || busy) return;
    try {
      const report = await importer.mutateAsync(request);
      setDone(report);
      setPlanned(null);
      toast.success(`Importação concluída: ${importCounts(report)}.`, { id: 'vault-import' });
    } catch (error) {
      setPlanned(null);
      refused(error, 'Não foi possível importar o arquivo.');
    }
  };

  const restart = () => {
    setDone(null);
    setPlanned(null);
    setRequest(null);
    setFile(null);
    setFileKey((key) => key + 1);
    setPassphrase('');
    setErrors({});
    setFailure(null);
  };

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <ImportReportTable report={done} fileName={file?.name ?? ''} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={restart}>
            Importar outro arquivo
          </Button>
          <Button asChild>
            <Link to={companyId === null ? '/passwords?empresa=interno' : `/passwords?empresa=${companyId}`}>
              Abrir o cofre
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  if (planned) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Nada foi salvo ainda. Confira as linhas e importe: os segredos são cifrados como os de um item
          criado à mão, e cada item criado fica no registro.
        </p>
        <ImportReportTable report={planned} fileName={file?.name ?? ''} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setPlanned(null)} disabled={busy}>
            Voltar
          </Button>
          <Button onClick={() => void onImport()} disabled={busy || planned.imported === 0}>
            {importer.isPending ? <Spinner size="sm" label="Importando…" className="text-current" /> : null}
            {planned.imported === 1
              ? 'Importar 1 item'
              : `Importar ${planned.imported.toLocaleString('pt-BR')} itens`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Importar para o cofre"
      onSubmit={(event) => void onPreview(event)}
      className="flex max-w-2xl flex-col gap-4"
    >
      <VaultTargetFields
        company={company}
        folder={folder}
        onCompanyChange={(value) => {
          setCompany(value);
          setFolder(NO_FOLDER);
          setErrors((current) => ({ ...current, company_id: undefined, folder_id: undefined }));
        }}
        onFolderChange={setFolder}
        noFolder={{ value: NO_FOLDER, label: 'Sem pasta' }}
        errors={errors}
      />
      <Field required invalid={Boolean(errors.file)}>
        <FieldLabel>Arquivo</FieldLabel>
        <Input
          key={fileKey}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={busy}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, file: undefined }));
          }}
          className="py-1.5"
        />
        <FieldHint>
          CSV exportado pelo Bitwarden ou pelo KeePass/KeePassXC (o formato é reconhecido pelo cabeçalho), ou
          uma exportação cifrada do Farol (.json). Até 5MB e {VAULT_IMPORT_MAX_ROWS.toLocaleString('pt-BR')}{' '}
          linhas. As pastas e grupos do arquivo viram etiquetas.
        </FieldHint>
        <FieldError>{errors.file}</FieldError>
      </Field>
      {isFarol ? (
        <Field required invalid={Boolean(errors.passphrase)}>
          <FieldLabel>Senha da exportação</FieldLabel>
          <Input
            type="password"
            autoComplete="off"
            value={passphrase}
            onChange={(event) => {
              setPassphrase(event.target.value);
              setErrors((current) => ({ ...current, passphrase: undefined }));
            }}
          />
          <FieldHint>A frase digitada por quem exportou. Sem ela o arquivo não abre.</FieldHint>
          <FieldError>{errors.passphrase}</FieldError>
        </Field>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {preview.isPending ? <Spinner size="sm" label="Lendo o arquivo…" className="text-current" /> : null}
          Pré-visualizar
        </Button>
      </div>
    </form>
  );
}
