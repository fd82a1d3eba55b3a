import { isApiError } from '@farol/data';
import {
  PASSWORD_KINDS,
  PASSWORD_PAGE_SIZE,
  usePasswordOptions,
  usePasswords,
  type PasswordKind,
  type PasswordListParams,
} from '@farol/data/passwords';
import {
  Button,
  EmptyState,
  Field,
  FieldLabel,
  Input,
  PageHeader,
  Pagination,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@farol/ui';
import {
  ArrowDownUpIcon,
  FolderIcon,
  HistoryIcon,
  KeyRoundIcon,
  LockIcon,
  PlusIcon,
  SearchXIcon,
  ShieldAlertIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { PasswordEditorDialog } from '../editor/password-editor-dialog';
import { PASSWORD_KIND_LABELS, useCanManagePasswords } from '../shared/password-labels';
import { PasswordTable } from './password-table';
import { useUrlFilters } from '../shared/use-url-filters';

const ANY = 'todos';
const SEARCH_DEBOUNCE_MS = 300;

const paramsOf = (search: URLSearchParams): PasswordListParams => {
  const company = search.get('empresa');
  const page = Number(search.get('pagina') ?? 1);
  return {
    q: search.get('q') ?? undefined,
    kind: (PASSWORD_KINDS as readonly string[]).includes(search.get('tipo') ?? '')
      ? (search.get('tipo') as PasswordKind)
      : undefined,
    company_id: company === 'interno' ? 'internal' : company ? Number(company) : undefined,
    rotation:
      search.get('troca') === 'vencida' ? 'overdue' : search.get('troca') === 'proxima' ? 'due' : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
};

/**
 * /passwords: the vault's items the person reaches — names, users, URLs and tags, never a secret — searched
 * (accents and case ignored) and filtered through the URL.
 */
export function PasswordsPage({ companyId }: { companyId?: number } = {}) {
  const { search, update, clear } = useUrlFilters();
  const params = { ...paramsOf(search), ...(companyId !== undefined ? { company_id: companyId } : {}) };
  const list = usePasswords({ ...params, limit: PASSWORD_PAGE_SIZE });
  const options = usePasswordOptions();
  const canManage = useCanManagePasswords();
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState(params.q ?? '');

  useEffect(() => {
    if (draft.trim() === (params.q ?? '')) return;
    const timer = window.setTimeout(() => update({ q: draft.trim() }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text schedules a search
  }, [draft]);

  const forbidden = isApiError(list.error) && list.error.status === 403;
  const filtered = Boolean(
    params.q || params.kind || params.rotation || (companyId === undefined && params.company_id),
  );
  const data = list.data;
  const unavailable = options.data && !options.data.available ? options.data.unavailable_message : null;

  const newButton = canManage ? (
    <Button onClick={() => setCreating(true)} disabled={Boolean(unavailable)}>
      <PlusIcon aria-hidden="true" />
      Novo item
    </Button>
  ) : null;

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver o cofre de senhas"
        description="Peça a um administrador o acesso a Senhas."
      />
    );
  } else if (list.isError && !data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<LockIcon />}
        title="Não foi possível carregar o cofre."
        description={failureMessage(list.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0 && filtered) {
    body = (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Nenhum item encontrado"
        description="Nenhum item do cofre corresponde à busca ou aos filtros escolhidos."
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setDraft('');
              // Only the filters go: the company page's ?tab= stays.
              clear(['tab']);
            }}
          >
            Limpar filtros
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<KeyRoundIcon />}
        title="Nenhuma credencial guardada"
        description={
          canManage
            ? 'Guarde aqui as senhas dos servidores, roteadores, Wi-Fi e sistemas dos clientes: cifradas, e cada revelação registrada.'
            : 'As credenciais que a equipe compartilhar com você aparecem aqui.'
        }
        action={newButton}
      />
    );
  } else {
    body = (
      <>
        <PasswordTable
          items={data?.items}
          busy={list.isPlaceholderData}
          showCompany={companyId === undefined}
        />
        {data && data.total > PASSWORD_PAGE_SIZE ? (
          <Pagination
            page={params.page ?? 1}
            total={data.total}
            pageSize={PASSWORD_PAGE_SIZE}
            getPageHref={(target) => {
              const next = new URLSearchParams(search);
              next.set('pagina', String(target));
              return `?${next.toString()}`;
            }}
            renderLink={renderRouterLink}
          />
        ) : null}
      </>
    );
  }

  const companies = options.data?.companies ?? [];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      {companyId === undefined ? (
        <PageHeader
          title="Senhas"
          description="Credenciais dos clientes e da equipe, cifradas. Revelar é uma ação registrada: quem viu o quê, quando e por quê."
          actions={
            forbidden ? null : (
              <>
                {canManage ? (
                  <Button variant="outline" asChild>
                    <Link to="/passwords/folders">
                      <FolderIcon aria-hidden="true" />
                      Pastas
                    </Link>
                  </Button>
                ) : null}
                {canManage ? (
                  <Button variant="outline" asChild>
                    <Link to="/passwords/reveals">
                      <HistoryIcon aria-hidden="true" />
                      Registro de revelações
                    </Link>
                  </Button>
                ) : null}
                {canManage ? (
                  <Button variant="outline" asChild>
                    <Link to="/passwords/transfer">
                      <ArrowDownUpIcon aria-hidden="true" />
                      Importar/Exportar
                    </Link>
                  </Button>
                ) : null}
                {newButton}
              </>
            )
          }
        />
      ) : (
        <div className="flex justify-end">{forbidden ? null : newButton}</div>
      )}
      {unavailable ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {unavailable}
        </p>
      ) : null}
      {forbidden ? null : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filtrar o cofre">
          <Field>
            <FieldLabel>Buscar</FieldLabel>
            <Input
              type="search"
              value={draft}
              placeholder="Nome, usuário, URL ou etiqueta"
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
          <Field>
            <FieldLabel>Tipo</FieldLabel>
            <Select
              value={params.kind ?? ANY}
              onValueChange={(value) => update({ tipo: value === ANY ? null : value })}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Todos os tipos</SelectItem>
                {PASSWORD_KINDS.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {PASSWORD_KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          {companyId === undefined ? (
            <Field>
              <FieldLabel>Empresa</FieldLabel>
              <Select
                value={search.get('empresa') ?? ANY}
                onValueChange={(value) => update({ empresa: value === ANY ? null : value })}
              >
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Todas as empresas</SelectItem>
                  <SelectItem value="interno">Interno (Farol)</SelectItem>
                  {companies.map((company) => (
                    <SelectItem key={company.id} value={String(company.id)}>
                      {company.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          ) : null}
          <Field>
            <FieldLabel>Troca de senha</FieldLabel>
            <Select
              value={search.get('troca') ?? ANY}
              onValueChange={(value) => update({ troca: value === ANY ? null : value })}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Qualquer situação</SelectItem>
                <SelectItem value="proxima">Troca próxima ou vencida</SelectItem>
                <SelectItem value="vencida">Troca vencida</SelectItem>
              </SelectContent>
            </Select>
          </Field>
        </div>
      )}
      {body}
      {creating ? (
        <PasswordEditorDialog
          open
          onOpenChange={setCreating}
          item={null}
          defaultCompanyId={companyId ?? null}
        />
      ) : null}
    </div>
  );
}
