import { isApiError } from '@farol/data';
import {
  CONNECTION_PAGE_SIZE,
  CONNECTION_PROTOCOLS,
  CONNECTION_PROTOCOL_LABELS,
  useConnectionFilterOptions,
  useConnections,
  type ConnectionListParams,
  type ConnectionProtocol,
} from '@farol/data/connections';
import {
  Button,
  EmptyState,
  Field,
  FieldLabel,
  PageHeader,
  Pagination,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  useIsMobile,
} from '@farol/ui';
import {
  HistoryIcon,
  PlusIcon,
  SearchIcon,
  SearchXIcon,
  ServerIcon,
  ServerOffIcon,
  ShieldAlertIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { ANY_FILTER, ListSearchBox } from '../../../lib/list-filters';
import { renderRouterLink } from '../../../lib/router-link';
import { ConnectionEditorDialog } from '../editor/connection-editor-dialog';
import { useConnectionRights } from '../shared/connection-format';
import { ConnectionCards, ConnectionTable } from './connection-table';

const paramsOf = (search: URLSearchParams): ConnectionListParams => {
  const company = search.get('empresa');
  const protocol = search.get('protocolo') ?? '';
  const page = Number(search.get('pagina') ?? 1);
  return {
    q: search.get('q') || undefined,
    protocol: (CONNECTION_PROTOCOLS as readonly string[]).includes(protocol)
      ? (protocol as ConnectionProtocol)
      : undefined,
    company_id: company === 'interno' ? 'internal' : company ? Number(company) : undefined,
    folder: search.get('pasta') || undefined,
    tag: search.get('etiqueta') || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
};

function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  value: string | null;
  anyLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | null) => void;
}) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Select
        value={value ?? ANY_FILTER}
        onValueChange={(next) => onChange(next === ANY_FILTER ? null : next)}
      >
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY_FILTER}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

/**
 * /connections: the servers the team reaches — searched and filtered through the URL (empresa, protocolo,
 * pasta, etiqueta), with the reachability dot, the last session, "Conectar" in the page (SSH, VNC) and
 * "Abrir ▾" for the native client. Also the company page's Conexões tab (`companyId`).
 */
export function ConnectionsPage({ companyId }: { companyId?: number } = {}) {
  const [search, setSearch] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setSearch(next, { replace: true });
  };
  const params = { ...paramsOf(search), ...(companyId !== undefined ? { company_id: companyId } : {}) };
  const list = useConnections({ ...params, limit: CONNECTION_PAGE_SIZE });
  const options = useConnectionFilterOptions();
  const rights = useConnectionRights();
  const mobile = useIsMobile();
  const [creating, setCreating] = useState(false);

  const forbidden = isApiError(list.error) && list.error.status === 403;
  const filtered = Boolean(
    params.q ||
    params.protocol ||
    params.folder ||
    params.tag ||
    (companyId === undefined && params.company_id),
  );
  const data = list.data;

  const newButton = rights.manage ? (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" />
      Nova conexão
    </Button>
  ) : null;

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver as conexões"
        description="Peça a um administrador o acesso a Conexões."
      />
    );
  } else if (list.isError && !data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Não foi possível carregar as conexões."
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
        title="Nenhuma conexão encontrada"
        description="Nenhuma conexão corresponde à busca ou aos filtros escolhidos."
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              const next = new URLSearchParams();
              const tab = search.get('tab');
              if (tab) next.set('tab', tab);
              setSearch(next, { replace: true });
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
        icon={<ServerIcon />}
        title="Nenhuma conexão cadastrada"
        description={
          rights.manage
            ? 'Cadastre os servidores dos clientes (SSH, RDP, VNC, Telnet, web) para conectar pelo navegador ou pelo seu aplicativo, com cada sessão registrada.'
            : 'As conexões que a equipe cadastrar aparecem aqui.'
        }
        action={newButton}
      />
    );
  } else {
    const listProps = {
      items: data?.items,
      busy: list.isPlaceholderData,
      showCompany: companyId === undefined,
      canConnect: rights.connect,
    };
    body = (
      <>
        {mobile ? <ConnectionCards {...listProps} /> : <ConnectionTable {...listProps} />}
        {data && data.total > CONNECTION_PAGE_SIZE ? (
          <Pagination
            page={params.page ?? 1}
            total={data.total}
            pageSize={CONNECTION_PAGE_SIZE}
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

  const filterOptions = options.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      {companyId === undefined ? (
        <PageHeader
          title="Conexões"
          description="Os servidores dos clientes e da equipe: conecte pelo navegador (SSH, VNC) ou pelo seu aplicativo. Cada sessão fica registrada."
          actions={
            forbidden ? null : (
              <>
                <Button variant="outline" asChild>
                  <Link to="/connections/sessions">
                    <HistoryIcon aria-hidden="true" />
                    Sessões
                  </Link>
                </Button>
                {rights.audit ? (
                  <Button variant="outline" asChild>
                    <Link to="/connections/recordings">
                      <SearchIcon aria-hidden="true" />
                      Buscar nas gravações
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
      {forbidden ? null : (
        <div className="flex flex-col gap-3">
          <ListSearchBox
            label="Buscar conexões"
            placeholder="Nome, endereço ou etiqueta"
            value={params.q ?? ''}
            onSearch={(q) => update({ q })}
          />
          <div
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Filtros das conexões"
            role="group"
          >
            {companyId === undefined ? (
              <FilterSelect
                label="Empresa"
                value={search.get('empresa')}
                anyLabel="Todas as empresas"
                options={[
                  { value: 'interno', label: 'Interno (Farol)' },
                  ...(filterOptions?.companies ?? []).map((company) => ({
                    value: String(company.id),
                    label: company.name,
                  })),
                ]}
                onChange={(value) => update({ empresa: value })}
              />
            ) : null}
            <FilterSelect
              label="Protocolo"
              value={params.protocol ?? null}
              anyLabel="Todos os protocolos"
              options={CONNECTION_PROTOCOLS.map((protocol) => ({
                value: protocol,
                label: CONNECTION_PROTOCOL_LABELS[protocol],
              }))}
              onChange={(value) => update({ protocolo: value })}
            />
            <FilterSelect
              label="Pasta"
              value={params.folder ?? null}
              anyLabel="Todas as pastas"
              options={(filterOptions?.folders ?? []).map((folder) => ({ value: folder, label: folder }))}
              onChange={(value) => update({ pasta: value })}
            />
            <FilterSelect
              label="Etiqueta"
              value={params.tag ?? null}
              anyLabel="Todas as etiquetas"
              options={(filterOptions?.tags ?? []).map((tag) => ({ value: tag, label: tag }))}
              onChange={(value) => update({ etiqueta: value })}
            />
          </div>
        </div>
      )}
      {body}
      {creating ? (
        <ConnectionEditorDialog
          open
          onOpenChange={setCreating}
          connection={null}
          defaultCompanyId={companyId ?? null}
        />
      ) : null}
    </div>
  );
}
