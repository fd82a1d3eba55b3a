import { isApiError } from '@farol/data';
import {
  vaultLevelAtLeast,
  usePassword,
  usePasswordVersions,
  useRestorePasswordVersion,
  useRevealLog,
  type PasswordItem,
} from '@farol/data/passwords';
import {
  Badge,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  PageHeader,
  Skeleton,
  toast,
} from '@farol/ui';
import { KeyRoundIcon, PencilIcon, ShieldAlertIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { AccessDialog } from '../access/access-dialog';
import { PasswordEditorDialog } from '../editor/password-editor-dialog';
import {
  AccessBadge,
  PASSWORD_KIND_LABELS,
  RotationBadge,
  fieldLabel,
  formatDate,
  formatDateTime,
} from '../shared/password-labels';
import { SecretField } from './secret-field';
import { TotpCode } from './totp-code';

const ACTION_LABELS: Record<string, string> = {
  reveal: 'Revelou',
  copy: 'Copiou',
  totp: 'Pediu código TOTP',
  break_glass: 'Quebra-vidro',
};

/** /passwords/:id: an item's metadata, its secrets behind audited reveals, its TOTP code, versions and log. */
export function PasswordPage() {
  const { id } = useParams();
  const itemId = Number(id);
  const query = usePassword(Number.isInteger(itemId) && itemId > 0 ? itemId : null);
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);

  if (query.isPending) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={status === 403 ? <ShieldAlertIcon /> : <KeyRoundIcon />}
        title={
          status === 404
            ? 'Item não encontrado'
            : status === 403
              ? 'Sem acesso a este item'
              : 'Não foi possível abrir o item.'
        }
        description={
          status === 404
            ? 'Ele não existe, foi arquivado ou você não está entre os acessos dele.'
            : failureMessage(query.error, 'Tente novamente em instantes.')
        }
      />
    );
  }
  const item = query.data;
  const canEdit = vaultLevelAtLeast(item.access, 'editar') && !item.break_glass;
  const canManage = vaultLevelAtLeast(item.access, 'gerenciar') && !item.break_glass;
  const secrets = item.secret_fields.filter((field) => field !== 'totp');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs
        items={[{ label: 'Senhas', href: '/passwords' }, { label: item.name }]}
        renderLink={renderRouterLink}
      />
      <PageHeader
        title={item.name}
        description={[PASSWORD_KIND_LABELS[item.kind], item.company?.name ?? 'Interno', item.folder?.name]
          .filter(Boolean)
          .join(' · ')}
        actions={
          canEdit || canManage ? (
            <>
              {canManage ? (
                <Button variant="outline" onClick={() => setSharing(true)}>
                  <UsersIcon aria-hidden="true" />
                  Acessos
                </Button>
              ) : null}
              {canEdit ? (
                <Button onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden="true" />
                  Editar
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <div className="flex flex-wrap gap-2">
        <AccessBadge level={item.access} breakGlass={item.break_glass} />
        <RotationBadge state={item.rotation_state} />
        {item.sensitive ? <Badge variant="outline">Sensível</Badge> : null}
        {item.client_visible ? <Badge variant="outline">Visível ao cliente</Badge> : null}
        {item.require_reason ? <Badge variant="outline">Pede motivo para revelar</Badge> : null}
      </div>
      {item.break_glass ? (
        <p role="note" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          Você não está entre os acessos deste item. Revelar exige um motivo (quebra-vidro) e avisa os outros
          administradores na hora.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Dados</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Usuário</dt>
              <dd className="font-mono break-all">{item.username ?? '—'}</dd>
              <dt className="text-muted-foreground">URL</dt>
              <dd className="break-all">{item.url ?? '—'}</dd>
              <dt className="text-muted-foreground">Filial</dt>
              <dd>{item.branch?.name ?? '—'}</dd>
              <dt className="text-muted-foreground">Etiquetas</dt>
              <dd>{item.tags.length ? item.tags.join(', ') : '—'}</dd>
              <dt className="text-muted-foreground">Responsável</dt>
              <dd>{item.owner?.name ?? '—'}</dd>
              <dt className="text-muted-foreground">Senha trocada em</dt>
              <dd>{formatDate(item.password_changed_at)}</dd>
              <dt className="text-muted-foreground">Troca</dt>
              <dd>
                {item.rotate_every_days
                  ? `a cada ${item.rotate_every_days} dias${item.rotation_due_at ? ` (vence em ${formatDate(item.rotation_due_at)})` : ''}`
                  : 'sem política'}
              </dd>
              {item.custom
                .filter((field) => !field.secret)
                .map((field) => (
                  <div key={field.key} className="contents">
                    <dt className="text-muted-foreground">{field.label}</dt>
                    <dd className="break-all">{field.value}</dd>
                  </div>
                ))}
              {item.description ? (
                <>
                  <dt className="text-muted-foreground">Descrição</dt>
                  <dd className="whitespace-pre-wrap">{item.description}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Segredos</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {secrets.length === 0 && !item.secret_fields.includes('totp') ? (
              <p className="text-sm text-muted-foreground">Este item não guarda segredos.</p>
            ) : null}
            {secrets.map((field) => (
              <SecretField key={field} item={item} field={field} label={fieldLabel(field, item.custom)} />
            ))}
            {item.secret_fields.includes('totp') ? <TotpCode item={item} /> : null}
          </CardContent>
        </Card>
      </div>
      {canEdit ? <Versions item={item} /> : null}
      {canManage ? <ItemRevealLog item={item} /> : null}
      {editing ? <PasswordEditorDialog open onOpenChange={setEditing} item={item} /> : null}
      {sharing ? (
        <AccessDialog open onOpenChange={setSharing} target={{ itemId: item.id }} name={item.name} />
      ) : null}
    </div>
  );
}

function Versions({ item }: { item: PasswordItem }) {
  const versions = usePasswordVersions(item.id);
  const restore = useRestorePasswordVersion(item.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Versões anteriores</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {versions.data?.items.length ? (
          <ul className="flex flex-col divide-y text-sm">
            {versions.data.items.map((version) => (
              <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  Versão {version.version} · {formatDateTime(version.changed_at)}
                  {version.changed_by ? ` · ${version.changed_by.name}` : ''}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={restore.isPending}
                  onClick={() =>
                    restore.mutate(version.version, {
                      onSuccess: (next) =>
                        toast.success(`Versão ${version.version} restaurada como versão ${next.version}.`),
                      onError: (error) => toast.error(failureMessage(error, 'Não foi possível restaurar.')),
                    })
                  }
                >
                  Restaurar versão {version.version}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {versions.isPending ? 'Carregando…' : 'Nenhuma versão anterior.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ItemRevealLog({ item }: { item: PasswordItem }) {
  const log = useRevealLog({ item_id: item.id, limit: 20 });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>Quem viu o quê, quando e por quê</h2>
        </CardTitle>
        <Link
          to={`/passwords/reveals?item=${item.id}`}
          className="text-sm underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          Ver registro completo
        </Link>
      </CardHeader>
      <CardContent>
        {log.data?.items.length ? (
          <ul className="flex flex-col divide-y text-sm" aria-label="Registro de revelações">
            {log.data.items.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2">
                <span>
                  <strong>{entry.actor?.name ?? 'Alguém'}</strong> ·{' '}
                  {ACTION_LABELS[entry.action] ?? entry.action}
                  {entry.field ? ` · ${fieldLabel(entry.field, item.custom)}` : ''} ·{' '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </span>
                {entry.reason || entry.ticket_id ? (
                  <span className="text-muted-foreground">
                    {entry.reason ? `Motivo: ${entry.reason}` : ''}
                    {entry.reason && entry.ticket_id ? ' · ' : ''}
                    {entry.ticket_id ? `Chamado #${entry.ticket_id}` : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {log.isPending ? 'Carregando…' : 'Ninguém revelou este item ainda.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
