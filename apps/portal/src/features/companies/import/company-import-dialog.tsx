import type { ImportReport } from '@farol/data';
import {
  COMPANY_CSV_COLUMNS,
  COMPANY_IMPORT_MAX_ROWS,
  CONTACT_CSV_COLUMNS,
  useImportCsv,
  type CsvImportKind,
} from '@farol/data/companies';
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
  RadioGroup,
  RadioGroupItem,
  Spinner,
  toast,
} from '@farol/ui';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { ImportReportView, importSummary } from './import-report';

/** The server refuses a file larger than this (csvImportSchema). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

const KINDS: Record<CsvImportKind, { label: string; columns: readonly string[]; required: string }> = {
  companies: {
    label: 'Empresas',
    columns: COMPANY_CSV_COLUMNS,
    required: 'nome e razao_social',
  },
  contacts: {
    label: 'Contatos',
    columns: CONTACT_CSV_COLUMNS,
    required: 'nome e empresa_cnpj (ou empresa)',
  },
};

/** Why a file cannot be sent, or null when it can. */
export function csvFileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return 'Escolha um arquivo CSV.';
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Escolha um arquivo .csv.';
  if (file.size === 0) return 'O arquivo está vazio';
  if (file.size > CSV_MAX_BYTES) return 'Arquivo maior que 5MB';
  return null;
}

export interface CompanyImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Importar CSV": companies or contacts from a spreadsheet. Valid rows are saved; the report says how many
 * were created and updated and lists each refused row with its line, column and reason.
 */
export function CompanyImportDialog({ open, onOpenChange }: CompanyImportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Importar CSV</DialogTitle>
          <DialogDescription>
            Linhas válidas são salvas; as recusadas aparecem no relatório com o motivo. Um CNPJ já cadastrado
            atualiza a empresa.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form each time the dialog opens. */}
        {open ? <ImportForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<CsvImportKind>('companies');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const companies = useImportCsv('companies');
  const contacts = useImportCsv('contacts');
  const importer = kind === 'companies' ? companies : contacts;
  const pending = importer.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const refused = csvFileProblem(file);
    setProblem(refused);
    if (refused || !file) return;
    try {
      const result = await importer.mutateAsync(await file.text());
      setReport(result);
      toast.success(`Importação concluída: ${importSummary(result, kind)}.`, { id: 'companies-import' });
    } catch (error) {
      setProblem(failureMessage(error, 'Não foi possível importar o arquivo.'));
    }
  };

  if (report) {
    return (
      <>
        <ImportReportView report={report} kind={kind} fileName={file?.name ?? ''} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setReport(null);
              setFile(null);
            }}
          >
            Importar outro arquivo
          </Button>
          <Button onClick={onClose}>Concluir</Button>
        </DialogFooter>
      </>
    );
  }

  const chosen = KINDS[kind];
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p id={`${id}-kind`} className="text-sm font-medium">
          O que o arquivo traz
        </p>
        <RadioGroup
          aria-labelledby={`${id}-kind`}
          value={kind}
          onValueChange={(value) => {
            setKind(value as CsvImportKind);
            setProblem(null);
          }}
          className="flex flex-wrap gap-4"
        >
          {(Object.keys(KINDS) as CsvImportKind[]).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <RadioGroupItem value={value} />
              {KINDS[value].label}
            </label>
          ))}
        </RadioGroup>
      </div>
      <Field required>
        <FieldLabel>Arquivo CSV</FieldLabel>
        <Input
          type="file"
          accept=".csv,text/csv"
          disabled={pending}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
          className="py-1.5"
        />
        <FieldHint>
          UTF-8, separado por vírgula ou ponto e vírgula, até{' '}
          {COMPANY_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas e 5MB. Obrigatórias: {chosen.required}.
        </FieldHint>
        <FieldError>{problem}</FieldError>
      </Field>
      <div className="flex flex-col gap-1 text-xs text-muted-foreground">
        <span>Colunas reconhecidas (pela primeira linha):</span>
        <code className="rounded-md bg-muted px-2 py-1.5 break-words">{chosen.columns.join(';')}</code>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner size="sm" label="Importando…" className="text-current" /> : null}
          Importar
        </Button>
      </DialogFooter>
    </form>
  );
}
