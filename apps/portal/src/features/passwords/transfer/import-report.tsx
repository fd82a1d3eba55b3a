import {
  PASSWORD_KIND_LABELS,
  VAULT_IMPORT_FORMAT_LABELS,
  VAULT_IMPORT_STATUS_LABELS,
  VAULT_PREVIEW_STATUS_LABELS,
  type VaultImportReport,
  type VaultImportRow,
} from '@farol/data/passwords';
import {
  Badge,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@farol/ui';
import { Link } from 'react-router-dom';
import { fieldLabel, passwordPath } from '../shared/password-labels';

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('pt-BR')} ${value === 1 ? one : many}`;

/** "3 importados, 1 ignorado, 1 com erro" (a preview: "3 serão importados…"). */
export function importCounts(report: Pick<VaultImportReport, 'imported' | 'skipped' | 'errors' | 'preview'>) {
  return [
    report.preview
      ? count(report.imported, 'será importado', 'serão importados')
      : count(report.imported, 'importado', 'importados'),
    count(report.skipped, 'ignorado', 'ignorados'),
    count(report.errors, 'com erro', 'com erro'),
  ].join(', ');
}

function StatusBadge({ row, preview }: { row: VaultImportRow; preview: boolean }) {
  const label = (preview ? VAULT_PREVIEW_STATUS_LABELS : VAULT_IMPORT_STATUS_LABELS)[row.status];
  return (
    <Badge
      variant={row.status === 'erro' ? 'destructive' : row.status === 'ignorado' ? 'outline' : 'secondary'}
    >
      {label}
    </Badge>
  );
}

/**
 * A preview or an import, row by row: the file's line, the item's name, kind and user, which secret fields it
 * carries (never their values), and what happened to it and why.
 */
export function ImportReportTable({ report, fileName }: { report: VaultImportReport; fileName: string }) {
  const title = report.preview ? 'Pré-visualização da importação' : 'Relatório da importação';
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <p role="status" className="text-sm font-medium">
          {importCounts(report)}
        </p>
        <p className="text-xs text-muted-foreground">
          {VAULT_IMPORT_FORMAT_LABELS[report.format]}
          {fileName ? ` · ${fileName}` : ''} · {count(report.total, 'linha', 'linhas')}
        </p>
      </div>
      <Table label="Linhas do arquivo" containerClassName="max-h-[60vh]" stickyHeader>
        <TableCaption className="sr-only">Linhas do arquivo</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-16">Linha</TableHead>
            <TableHead>Item</TableHead>
            <TableHead className="hidden md:table-cell">Tipo</TableHead>
            <TableHead className="hidden md:table-cell">Campos cifrados</TableHead>
            <TableHead>Situação</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell className="align-top tabular-nums">{row.line}</TableCell>
              <TableCell className="align-top break-words whitespace-normal">
                {row.item_id !== null ? (
                  <Link
                    to={passwordPath(row.item_id)}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {row.name}
                  </Link>
                ) : (
                  <span className="font-medium">{row.name || '(sem nome)'}</span>
                )}
                {row.username || row.url ? (
                  <span className="block text-xs text-muted-foreground">
                    {[row.username, row.url].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="hidden align-top md:table-cell">
                {row.kind ? PASSWORD_KIND_LABELS[row.kind] : '—'}
              </TableCell>
              <TableCell className="hidden align-top whitespace-normal md:table-cell">
                {row.secret_fields.length > 0
                  ? row.secret_fields
                      .map((field) =>
                        field.startsWith('custom:') ? 'Campo personalizado' : fieldLabel(field),
                      )
                      .filter((label, index, all) => all.indexOf(label) === index)
                      .join(', ')
                  : '—'}
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <StatusBadge row={row} preview={report.preview} />
                {row.reason ? <span className="mt-1 block text-xs">{row.reason}</span> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
