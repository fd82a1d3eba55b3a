import type { CompanyContact, CompanyDetail } from '@farol/data';
import {
  COMPANY_CONTACTS_PAGE_SIZE,
  CONTACT_FLAGS,
  CONTACT_FLAG_LABELS,
  formatPhone,
  useCompanyContacts,
  useDeleteCompanyContact,
  whatsappHref,
} from '@farol/data/companies';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  Pagination,
  Skeleton,
  cn,
  toast,
} from '@farol/ui';
import {
  MailIcon,
  MessageCircleIcon,
  PencilIcon,
  PhoneIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContactFormDialog } from '../forms/entity-form-dialogs';
import { companyPath } from '../shared/company-format';
import { ListSearchBox } from '../../../lib/list-filters';
import { TabError, TabSection } from './tab-section';

type Editing = { contact?: CompanyContact } | null;

const LINK_CLASS =
  'inline-flex items-center gap-1.5 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function ContactLink({
  href,
  icon,
  children,
  external = false,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  external?: boolean;
}) {
  return (
    <a
      href={href}
      className={LINK_CLASS}
      {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
    >
      {icon}
      {children}
    </a>
  );
}

function ContactCard({
  contact,
  companyId,
  canManage,
  onEdit,
}: {
  contact: CompanyContact;
  companyId: number;
  canManage: boolean;
  onEdit: () => void;
}) {
  const remove = useDeleteCompanyContact(companyId);
  // A person registered at another company who also answers for this one is edited there.
  const own = contact.company_id === companyId;
  const whatsapp = contact.whatsapp && contact.mobile ? whatsappHref(contact.mobile) : null;
  const role = [contact.job_title, contact.department].filter(Boolean).join(' · ');
  const flags = CONTACT_FLAGS.filter((flag) => contact[flag]);
  return (
    <li data-contact-id={contact.id} className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="font-medium break-words">{contact.name}</h3>
          {role ? <p className="text-sm break-words text-muted-foreground">{role}</p> : null}
        </div>
        {canManage && own ? (
          <div className="flex shrink-0 gap-1">
            <IconButton size="sm" label={`Editar ${contact.name}`} onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
            </IconButton>
            <ConfirmDialog
              trigger={
                <IconButton size="sm" label={`Excluir ${contact.name}`}>
                  <Trash2Icon aria-hidden="true" />
                </IconButton>
              }
              variant="destructive"
              title={`Excluir ${contact.name}?`}
              description="O contato sai desta empresa e das outras de que participa. O acesso ao portal, se houver, continua em Usuários."
              confirmLabel="Excluir contato"
              onConfirm={async () => {
                await remove.mutateAsync(contact.id);
                toast.success('Contato excluído.', { id: `contact-${contact.id}-deleted` });
              }}
            />
          </div>
        ) : null}
      </div>
      {flags.length > 0 || contact.user_id ? (
        <ul aria-label="Marcadores" className="flex flex-wrap gap-1.5">
          {flags.map((flag) => (
            <li key={flag}>
              <Badge variant={flag === 'vip' ? 'default' : 'secondary'}>{CONTACT_FLAG_LABELS[flag]}</Badge>
            </li>
          ))}
          {contact.user_id ? (
            <li>
              <Badge variant="outline">Acessa o portal</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="flex flex-col gap-1 text-sm">
        {contact.email ? (
          <ContactLink
            href={`mailto:${contact.email}`}
            icon={<MailIcon aria-hidden="true" className="size-4" />}
          >
            <span className="break-all">{contact.email}</span>
          </ContactLink>
        ) : null}
        {contact.phone ? (
          <ContactLink
            href={`tel:${contact.phone}`}
            icon={<PhoneIcon aria-hidden="true" className="size-4" />}
          >
            <span className="sr-only">Telefone </span>
            {formatPhone(contact.phone)}
          </ContactLink>
        ) : null}
        {contact.mobile ? (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ContactLink
              href={`tel:${contact.mobile}`}
              icon={<PhoneIcon aria-hidden="true" className="size-4" />}
            >
              <span className="sr-only">Celular </span>
              {formatPhone(contact.mobile)}
            </ContactLink>
            {whatsapp ? (
              <ContactLink
                href={whatsapp}
                external
                icon={<MessageCircleIcon aria-hidden="true" className="size-4" />}
              >
                WhatsApp<span className="sr-only"> de {contact.name} (abre em nova aba)</span>
              </ContactLink>
            ) : null}
          </span>
        ) : null}
      </div>
      {contact.branch || !own || contact.other_companies.length > 0 ? (
        <div className="flex flex-col gap-0.5 text-xs text-muted-foreground">
          {contact.branch ? <p>Filial: {contact.branch.name}</p> : null}
          {!own ? (
            <p>
              Cadastro em{' '}
              <Link to={companyPath(contact.company_id, 'contatos')} className={LINK_CLASS}>
                {contact.company_name}
              </Link>
            </p>
          ) : null}
          {contact.other_companies.filter((other) => other.id !== companyId).length > 0 ? (
            <p>
              Também responde por{' '}
              {contact.other_companies
                .filter((other) => other.id !== companyId)
                .map((other, index) => (
                  <span key={other.id}>
                    {index > 0 ? ', ' : null}
                    <Link to={companyPath(other.id)} className={LINK_CLASS}>
                      {other.name}
                    </Link>
                  </span>
                ))}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * Contatos: the people of the company (and those who also answer for it), with their flags and ways to reach
 * them; 25 a page, with a search once there is more than one page (or a search is on).
 */
export function CompanyContactsTab({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const contacts = useCompanyContacts(company.id, { page, q });
  const [editing, setEditing] = useState<Editing>(null);
  const items = contacts.data?.items;
  const total = contacts.data?.total ?? 0;
  const searchable =
    q !== '' || total > COMPANY_CONTACTS_PAGE_SIZE || company.contact_count > COMPANY_CONTACTS_PAGE_SIZE;
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  let body;
  if (contacts.isError && !items) {
    body = <TabError what="os contatos" onRetry={() => void contacts.refetch()} />;
  } else if (!items) {
    body = (
      <div className="grid gap-3 md:grid-cols-2">
        <p role="status" className="sr-only">
          Carregando contatos…
        </p>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-36 rounded-xl" />
        ))}
      </div>
    );
  } else if (items.length === 0 && q !== '') {
    body = (
      <EmptyState
        border="dashed"
        size="compact"
        titleAs="h3"
        icon={<SearchIcon />}
        title="Nenhum contato encontrado"
        description={`Nenhum contato corresponde a “${q}”.`}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        size="compact"
        titleAs="h3"
        icon={<UsersIcon />}
        title="Nenhum contato cadastrado"
        description="As pessoas da empresa com quem a equipe fala aparecem aqui."
        action={
          canManage ? (
            <Button size="sm" onClick={() => setEditing({})}>
              Novo contato
            </Button>
          ) : null
        }
      />
    );
  } else {
    body = (
      <>
        {total > items.length ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total.toLocaleString('pt-BR')} contatos · página {page} de{' '}
            {Math.ceil(total / COMPANY_CONTACTS_PAGE_SIZE).toLocaleString('pt-BR')}
          </p>
        ) : null}
        <ul
          aria-label="Contatos"
          aria-busy={contacts.isPlaceholderData}
          className={cn(
            'grid gap-3 md:grid-cols-2',
            contacts.isPlaceholderData && 'opacity-70 transition-opacity',
          )}
        >
          {items.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              companyId={company.id}
              canManage={canManage}
              onEdit={() => setEditing({ contact })}
            />
          ))}
        </ul>
        {total > COMPANY_CONTACTS_PAGE_SIZE ? (
          <Pagination
            page={page}
            total={total}
            pageSize={COMPANY_CONTACTS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </>
    );
  }

  return (
    <TabSection
      title="Contatos"
      action={
        canManage && items && (items.length > 0 || q !== '') ? (
          <Button size="sm" onClick={() => setEditing({})}>
            <PlusIcon aria-hidden="true" />
            Novo contato
          </Button>
        ) : null
      }
    >
      {searchable ? (
        <ListSearchBox
          label="Buscar contatos"
          placeholder="Nome, e-mail, cargo ou departamento"
          className="sm:w-72 lg:w-72"
          value={q}
          onSearch={onSearch}
        />
      ) : null}
      {body}
      {canManage ? (
        <ContactFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          companyId={company.id}
          companyName={company.name}
          contact={editing?.contact}
        />
      ) : null}
    </TabSection>
  );
}
