import type { PasswordItem } from '@farol/data/passwords';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  cn,
} from '@farol/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { AccessBadge, PASSWORD_KIND_LABELS, RotationBadge, passwordPath } from '../shared/password-labels';

const PasswordRow = memo(function PasswordRow({
  item,
  showCompany,
}: {
  item: PasswordItem;
  showCompany: boolean;
}) {
  return (
    <TableRow data-password-id={item.id} className="relative cursor-pointer">
      <TableCell className="max-w-[22rem] min-w-[12rem]">
        <Link
          to={passwordPath(item.id)}
          className="line-clamp-2 font-medium break-words underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {item.name}
        </Link>
        {item.url ? (
          <span className="line-clamp-1 text-xs break-all text-muted-foreground">{item.url}</span>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{PASSWORD_KIND_LABELS[item.kind]}</TableCell>
      {showCompany ? (
        <TableCell className="whitespace-nowrap">
          {item.company?.name ?? <span className="text-muted-foreground">Interno</span>}
        </TableCell>
      ) : null}
      <TableCell className="max-w-[14rem] truncate font-mono text-xs">
        {item.username ?? <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {item.folder?.name ?? <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <div className="flex flex-wrap gap-1">
          <AccessBadge level={item.access} breakGlass={item.break_glass} />
          <RotationBadge state={item.rotation_state} />
          {item.sensitive ? <span className="text-xs text-muted-foreground">Sensível</span> : null}
        </div>
      </TableCell>
    </TableRow>
  );
});

/** The vault's items as a table: never a secret, only what a person needs to find one. */
export function PasswordTable({
  items,
  busy = false,
  showCompany = true,
}: {
  items: readonly PasswordItem[] | undefined;
  busy?: boolean;
  showCompany?: boolean;
}) {
  return (
    <Table
      label="Itens do cofre"
      aria-busy={items === undefined || busy}
      className={cn(busy && 'opacity-70 transition-opacity')}
    >
      <TableCaption className="sr-only">Itens do cofre</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Nome</TableHead>
          <TableHead>Tipo</TableHead>
          {showCompany ? <TableHead>Empresa</TableHead> : null}
          <TableHead>Usuário</TableHead>
          <TableHead>Pasta</TableHead>
          <TableHead>Acesso</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items === undefined ? (
          <TableLoadingRows columns={showCompany ? 6 : 5} rows={6} label="Carregando o cofre…" />
        ) : (
          items.map((item) => <PasswordRow key={item.id} item={item} showCompany={showCompany} />)
        )}
      </TableBody>
    </Table>
  );
}
