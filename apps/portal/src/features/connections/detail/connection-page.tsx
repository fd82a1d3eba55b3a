import { type Connection, type ConnectionSession } from '@farol/data';
import {
  CONNECTION_CREDENTIAL_MODE_LABELS,
  CONNECTION_RECORDING_LABELS,
  connectionKeys,
  useConnectionSessions,
  useDeleteConnection,
  usePinHostKey,
} from '@farol/data/connections';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Field,
  FieldError,
  FieldLabel,
  Input,
  PageHeader,
  toast,
} from '@farol/ui';
import { ConnectionStatusDot, ProtocolBadge } from '@farol/ui/connections';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { ConnectionEditorDialog } from '../editor/connection-editor-dialog';
import { ConnectActions } from '../list/connection-table';
import { EndSessionDialog } from '../sessions/sessions-page';
import { connectionsPath, formatDateTime, useConnectionRights } from '../shared/connection-format';
import { routeConnectionFallback, useRouteConnection } from '../shared/route-connection';
import { SessionsTable } from '../shared/sessions-table';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

const minutes = (value: number | null) => (value ? `${value} min` : 'sem limite');

/** The pinned host key: shown, and for connections.manage re-pinned by hand or cleared (trust the next one). */
function HostKeyCard({ connection, canManage }: { connection: Connection; canManage: boolean }) {
  const pin = usePinHostKey(connection.id);
  const [fingerprint, setFingerprint] = useState('');
  const [confirm, setConfirm] = useState<'pin' | 'clear' | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  if (connection.protocol !== 'ssh') return null;
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <KeyRoundIcon aria-hidden="true" className="size-4" />
        Chave do servidor
      </h2>
      {connection.host_key_sha256 ? (
        <p className="text-sm">
          Fixada: <code className="font-mono text-xs break-all">{connection.host_key_sha256}</code>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nenhuma chave fixada: a primeira conexão mostra a impressão digital para confirmar.
        </p>
      )}
      {canManage ? (
        <form
          className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (!/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/.test(fingerprint.trim())) {
              setError('Impressão digital inválida: SHA256 em base64 (43 caracteres)');
              return;
            }
            setError(undefined);
            setConfirm('pin');
          }}
        >
          <Field>
            <FieldLabel>Nova impressão digital</FieldLabel>
            <Input
              value={fingerprint}
              placeholder="SHA256:…"
              className="font-mono"
              onChange={(event) => setFingerprint(event.target.value)}
            />
            <FieldError>{error}</FieldError>
          </Field>
          <Button type="submit" variant="outline">
            Fixar chave
          </Button>
          {connection.host_key_sha256 ? (
            <Button type="button" variant="outline" onClick={() => setConfirm('clear')}>
              Limpar chave
            </Button>
          ) : null}
        </form>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title={confirm === 'clear' ? 'Limpar a chave fixada?' : 'Fixar esta chave?'}
        description={
          confirm === 'clear'
            ? 'A próxima conexão vai mostrar a chave do servidor para confirmar. Faça isso só se a troca da chave foi verificada.'
            : 'As conexões só vão aceitar o servidor que apresentar exatamente esta chave.'
        }
        confirmLabel={confirm === 'clear' ? 'Limpar chave' : 'Fixar chave'}
        variant="destructive"
        errorMessage={pin.isError ? failureMessage(pin.error, 'Não foi possível mudar a chave.') : undefined}
        onConfirm={async () => {
          await pin.mutateAsync(confirm === 'clear' ? null : fingerprint.trim());
          setFingerprint('');
          toast.success(confirm === 'clear' ? 'Chave limpa' : 'Chave fixada');
        }}
      />
    </Card>
  );
}

function ConnectionSessions({ connection }: { connection: Connection }) {
  const rights = useConnectionRights();
  const sessions = useConnectionSessions({ connection_id: connection.id, limit: 20 });
  const [ending, setEnding] = useState<ConnectionSession | null>(null);
  return (
    <section aria-labelledby="connection-sessions" className="grid gap-2">
      <h2 id="connection-sessions" className="text-base font-semibold">
        Sessões
      </h2>
      {sessions.data && sessions.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ninguém conectou a esta conexão ainda.</p>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(sessions.error, 'Não foi possível carregar as sessões.')}
        </p>
      ) : (
        <SessionsTable
          label={`Sessões de ${connection.name}`}
          sessions={sessions.data?.items}
          showConnection={false}
          canAudit={rights.audit}
          canManage={rights.manage}
          onEnd={setEnding}
        />
      )}
      <EndSessionDialog session={ending} onOpenChange={(open) => (open ? null : setEnding(null))} />
    </section>
  );
}

/** /connections/:id: the connection's details, connect and launch, its host key, its sessions. */
export function ConnectionPage() {
  const route = useRouteConnection();
  const { query } = route;
  const rights = useConnectionRights();
  const remove = useDeleteConnection();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const connection = query.data;

  const fallback = routeConnectionFallback(route, {
    title: 'Você não tem permissão para ver esta conexão',
    description: 'Peça a um administrador o acesso a Conexões.',
  });
  if (fallback || !connection) return fallback;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title={connection.name}
        description={`${connection.host}:${connection.port}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <ConnectActions connection={connection} canConnect={rights.connect} />
            {rights.manage ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden="true" />
                  Editar
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
                  <Trash2Icon aria-hidden="true" />
                  Excluir
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <Card className="p-4">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Situação">
            <ConnectionStatusDot
              state={connection.reachability.state}
              showLabel
              checkedAt={
                connection.reachability.checked_at
                  ? `verificado em ${formatDateTime(connection.reachability.checked_at)}`
                  : undefined
              }
            />
          </Detail>
          <Detail label="Protocolo">
            <ProtocolBadge protocol={connection.protocol} />
          </Detail>
          <Detail label="Empresa">
            {connection.company?.name ?? 'Interno'}
            {connection.branch ? ` · ${connection.branch.name}` : ''}
          </Detail>
          <Detail label="Pasta">{connection.folder}</Detail>
          <Detail label="Etiquetas">
            {connection.tags.length > 0 ? (
              <span className="flex flex-wrap gap-1">
                {connection.tags.map((tag) => (
                  <Badge key={tag} variant="outline">
                    {tag}
                  </Badge>
                ))}
              </span>
            ) : null}
          </Detail>
          <Detail label="Credencial">
            {CONNECTION_CREDENTIAL_MODE_LABELS[connection.credential_mode]}
            {connection.vault_item ? `: ${connection.vault_item.name}` : ''}
          </Detail>
          <Detail label="Usuário">{connection.username}</Detail>
          <Detail label="Jump host">
            {connection.jump
              ? `${connection.jump.name} (${connection.jump.host}:${connection.jump.port})`
              : null}
          </Detail>
          <Detail label="Gravação">{CONNECTION_RECORDING_LABELS[connection.recording]}</Detail>
          <Detail label="Motivo ao conectar">{connection.require_reason ? 'Obrigatório' : 'Opcional'}</Detail>
          <Detail label="Inatividade / duração máxima">
            {minutes(connection.idle_timeout_min)} / {minutes(connection.max_duration_min)}
          </Detail>
          <Detail label="Última sessão">
            {connection.last_session_at ? formatDateTime(connection.last_session_at) : 'Nunca'}
          </Detail>
        </dl>
        {connection.description ? (
          <p className="mt-3 text-sm whitespace-pre-wrap">{connection.description}</p>
        ) : null}
      </Card>
      <HostKeyCard connection={connection} canManage={rights.manage} />
      <ConnectionSessions connection={connection} />
      {editing ? <ConnectionEditorDialog open onOpenChange={setEditing} connection={connection} /> : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Excluir ${connection.name}?`}
        description="A conexão deixa de aparecer; as sessões e gravações continuam registradas."
        confirmLabel="Excluir conexão"
        variant="destructive"
        errorMessage={remove.isError ? failureMessage(remove.error, 'Não foi possível excluir.') : undefined}
        onConfirm={async () => {
          await remove.mutateAsync(connection.id);
          toast.success('Conexão excluída');
          void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
          navigate(connectionsPath);
        }}
      />
    </div>
  );
}
