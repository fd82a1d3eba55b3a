import type { ImportReport } from '@farol/data';
import type { CsvImportKind } from '@farol/data/companies';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@farol/ui';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

/** "3 criadas, 1 atualizada" (empresas) or "3 criados, 1 atualizado" (contatos). */
export function importSummary(report: Pick<ImportReport, 'created' | 'updated'>, kind: CsvImportKind) {
  const [created, createdMany, updated, updatedMany] =
    kind === 'companies'
      ? ['criada', 'criadas', 'atualizada', 'atualizadas']
      : ['criado', 'criados', 'atualizado', 'atualizados'];
  return `${plural(report.created, created, createdMany)}, ${plural(report.updated, updated, updatedMany)}`;
}

/** A refusal about the whole row names no column. */
const columnLabel = (field: string) => (field === '_' || field === '' ? '—' : field);

/** The outcome of an import: what was saved, and every refused row with its line, column and reason. */
export function ImportReportView({
  report,
  kind,
  fileName,
}: {
  report: ImportReport;
  kind: CsvImportKind;
  fileName: string;
}) {
  const refused = report.errors.length;
  return (
    <section aria-label="Relatório da importação" className="flex flex-col gap-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <CircleCheckIcon aria-hidden="true" className="size-4 text-success" />
        {importSummary(report, kind)}
        {fileName ? <span className="font-normal text-muted-foreground">({fileName})</span> : null}
      </p>
      {refused > 0 ? (
        <>
          <p className="flex items-center gap-2 text-sm">
            <CircleAlertIcon aria-hidden="true" className="size-4 text-destructive" />
            {plural(refused, 'linha recusada', 'linhas recusadas')}: corrija-as no arquivo e importe de novo
            (as válidas já foram salvas).
          </p>
          <Table label="Linhas recusadas" containerClassName="max-h-72" stickyHeader>
            <TableCaption className="sr-only">Linhas recusadas</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Linha</TableHead>
                <TableHead>Campo</TableHead>
                <TableHead>Motivo</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.errors.map((error, index) => (
                <TableRow key={`${error.line}-${error.field}-${index}`}>
                  <TableCell className="tabular-nums">{error.line}</TableCell>
                  <TableCell className="font-mono text-xs">{columnLabel(error.field)}</TableCell>
                  <TableCell>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Nenhuma linha recusada.</p>
      )}
    </section>
  );
}
