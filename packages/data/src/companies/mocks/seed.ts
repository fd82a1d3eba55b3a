import { cnpjCheckDigits } from '../../contract/brazil';
import type { AuditEvent, Branch, Company, CompanyContact } from '../../contract';
import { FIXTURE_NOW, fixtures } from '../../mocks/fixtures';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(FIXTURE_NOW.getTime() - days * DAY).toISOString();

/** A valid CNPJ of `root` (8 characters) and establishment `order` (1 → 0001). */
export const fixtureCnpj = (root: string, order = 1): string => {
  const first12 = `${root}${String(order).padStart(4, '0')}`;
  return `${first12}${cnpjCheckDigits(first12)}`;
};

const person = (user: { id: number; name: string }) => ({ id: user.id, name: user.name });
const ana = person(fixtures.users.admin);
const bruno = person(fixtures.users.gestor);

interface CompanySeed {
  id: number;
  name: string;
  legal_name: string;
  root: string | null;
  kind: Company['kind'];
  segment: string;
  domains: string[];
  phone: string;
  manager: { id: number; name: string } | null;
  parent?: number;
  status?: Company['status'];
  open: number;
  overdue: number;
  branches: Array<{
    name: string;
    cep: string;
    street: string;
    district: string;
    city: string;
    uf: Branch['uf'];
  }>;
  contacts: Array<Partial<CompanyContact> & { name: string }>;
}

// Ids 100 and 101 are the ticket fixtures' Acme and Globex, so their chamados line up.
const SEEDS: CompanySeed[] = [
  {
    id: 100,
    name: 'Acme Logística',
    legal_name: 'Acme Logística Ltda.',
    root: '11222333',
    kind: 'cliente',
    segment: 'Logística',
    domains: ['acme.com.br'],
    phone: '+551134567890',
    manager: bruno,
    open: 5,
    overdue: 1,
    branches: [
      {
        name: 'Matriz São Paulo',
        cep: '01310100',
        street: 'Avenida Paulista',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
      },
      {
        name: 'Filial Campinas',
        cep: '13015904',
        street: 'Rua Barão de Jaguara',
        district: 'Centro',
        city: 'Campinas',
        uf: 'SP',
      },
    ],
    contacts: [
      {
        name: 'Diego Ferreira',
        job_title: 'Coordenador de TI',
        email: 'diego@acme.com.br',
        primary: true,
        technical: true,
        user_id: 10,
        mobile: '+5511912345678',
        whatsapp: true,
      },
      {
        name: 'Fernanda Lopes',
        job_title: 'Financeiro',
        email: 'fernanda@acme.com.br',
        billing: true,
        phone: '+551134567891',
      },
      { name: 'Gustavo Almeida', job_title: 'Diretor', email: 'gustavo@acme.com.br', vip: true },
    ],
  },
  {
    id: 101,
    name: 'Globex',
    legal_name: 'Globex Comércio S.A.',
    root: '44555666',
    kind: 'cliente',
    segment: 'Varejo',
    domains: ['globex.com.br'],
    phone: '+552125550100',
    manager: ana,
    open: 2,
    overdue: 0,
    branches: [
      {
        name: 'Matriz Rio de Janeiro',
        cep: '20040020',
        street: 'Avenida Rio Branco',
        district: 'Centro',
        city: 'Rio de Janeiro',
        uf: 'RJ',
      },
      {
        name: 'Filial Niterói',
        cep: '24020005',
        street: 'Rua da Conceição',
        district: 'Centro',
        city: 'Niterói',
        uf: 'RJ',
      },
    ],
    contacts: [
      {
        name: 'Elisa Rocha',
        job_title: 'Analista de sistemas',
        email: 'elisa@globex.com.br',
        primary: true,
        user_id: 11,
        mobile: '+5521987654321',
        whatsapp: true,
      },
      { name: 'Henrique Dias', job_title: 'Gerente de loja', email: 'henrique@globex.com.br' },
      { name: 'Isabela Nunes', job_title: 'Contas a pagar', email: 'isabela@globex.com.br', billing: true },
    ],
  },
  {
    id: 102,
    name: 'Grupo Aurora',
    legal_name: 'Aurora Participações S.A.',
    root: '12ABC345',
    kind: 'cliente',
    segment: 'Holding',
    domains: ['grupoaurora.com.br'],
    phone: '+553132221000',
    manager: bruno,
    open: 0,
    overdue: 0,
    branches: [
      {
        name: 'Sede Belo Horizonte',
        cep: '30130010',
        street: 'Avenida Afonso Pena',
        district: 'Centro',
        city: 'Belo Horizonte',
        uf: 'MG',
      },
    ],
    contacts: [
      {
        name: 'Juliana Prado',
        job_title: 'Diretora de operações',
        email: 'juliana@grupoaurora.com.br',
        primary: true,
        vip: true,
      },
    ],
  },
  {
    id: 103,
    name: 'Aurora Saúde',
    legal_name: 'Aurora Clínicas Ltda.',
    root: '22333444',
    kind: 'cliente',
    segment: 'Saúde',
    domains: ['aurorasaude.com.br'],
    phone: '+553133330000',
    manager: bruno,
    parent: 102,
    open: 3,
    overdue: 1,
    branches: [
      {
        name: 'Clínica Savassi',
        cep: '30140071',
        street: 'Rua Pernambuco',
        district: 'Savassi',
        city: 'Belo Horizonte',
        uf: 'MG',
      },
      {
        name: 'Clínica Contagem',
        cep: '32041010',
        street: 'Avenida João César de Oliveira',
        district: 'Eldorado',
        city: 'Contagem',
        uf: 'MG',
      },
      {
        name: 'Laboratório Betim',
        cep: '32600000',
        street: 'Rua do Rosário',
        district: 'Centro',
        city: 'Betim',
        uf: 'MG',
      },
    ],
    contacts: [
      {
        name: 'Karina Souto',
        job_title: 'Gerente administrativa',
        email: 'karina@aurorasaude.com.br',
        primary: true,
      },
      {
        name: 'Lucas Martins',
        job_title: 'Técnico de TI',
        email: 'lucas@aurorasaude.com.br',
        technical: true,
      },
    ],
  },
  {
    id: 104,
    name: 'Aurora Educação',
    legal_name: 'Aurora Ensino Ltda.',
    root: '33444555',
    kind: 'cliente',
    segment: 'Educação',
    domains: ['auroraeducacao.com.br'],
    phone: '+553134440000',
    manager: null,
    parent: 102,
    open: 1,
    overdue: 0,
    branches: [
      {
        name: 'Campus Pampulha',
        cep: '31270901',
        street: 'Avenida Antônio Carlos',
        district: 'Pampulha',
        city: 'Belo Horizonte',
        uf: 'MG',
      },
      {
        name: 'Polo Uberlândia',
        cep: '38400100',
        street: 'Avenida Afonso Pena',
        district: 'Centro',
        city: 'Uberlândia',
        uf: 'MG',
      },
    ],
    contacts: [
      {
        name: 'Marcos Vieira',
        job_title: 'Coordenador pedagógico',
        email: 'marcos@auroraeducacao.com.br',
        primary: true,
      },
    ],
  },
  {
    id: 105,
    name: 'Sol Nascente Alimentos',
    legal_name: 'Sol Nascente Indústria de Alimentos Ltda.',
    root: '55666777',
    kind: 'prospect',
    segment: 'Indústria',
    domains: ['solnascente.ind.br'],
    phone: '+554133221100',
    manager: ana,
    open: 0,
    overdue: 0,
    branches: [
      {
        name: 'Fábrica Curitiba',
        cep: '80010000',
        street: 'Rua XV de Novembro',
        district: 'Centro',
        city: 'Curitiba',
        uf: 'PR',
      },
      {
        name: 'Depósito Joinville',
        cep: '89201000',
        street: 'Rua do Príncipe',
        district: 'Centro',
        city: 'Joinville',
        uf: 'SC',
      },
    ],
    contacts: [
      { name: 'Natália Reis', job_title: 'Compras', email: 'natalia@solnascente.ind.br', primary: true },
    ],
  },
  {
    id: 106,
    name: 'TecnoRede Distribuidora',
    legal_name: 'TecnoRede Distribuidora de Equipamentos Ltda.',
    root: '66777888',
    kind: 'fornecedor',
    segment: 'Distribuição de TI',
    domains: ['tecnorede.com.br'],
    phone: '+555132120000',
    manager: null,
    open: 0,
    overdue: 0,
    branches: [
      {
        name: 'Centro de distribuição',
        cep: '90010000',
        street: 'Rua dos Andradas',
        district: 'Centro Histórico',
        city: 'Porto Alegre',
        uf: 'RS',
      },
    ],
    contacts: [
      {
        name: 'Otávio Pires',
        job_title: 'Executivo de contas',
        email: 'otavio@tecnorede.com.br',
        primary: true,
      },
    ],
  },
  {
    id: 107,
    name: 'Padaria Pão Dourado',
    legal_name: 'Pão Dourado Panificadora ME',
    root: null,
    kind: 'cliente',
    segment: 'Alimentação',
    domains: [],
    phone: '+557132345678',
    manager: ana,
    status: 'inativo',
    open: 0,
    overdue: 0,
    branches: [
      {
        name: 'Loja Barra',
        cep: '40140130',
        street: 'Avenida Oceânica',
        district: 'Barra',
        city: 'Salvador',
        uf: 'BA',
      },
    ],
    contacts: [
      { name: 'Paula Menezes', job_title: 'Proprietária', email: 'paula.dourado@gmail.com', primary: true },
    ],
  },
];

/** What the companies mock keeps for a company beyond the wire's fields: its fixed chamado figures. */
export interface StoredCompany extends Omit<Company, 'branch_count' | 'contact_count'> {
  overdue_tickets: number;
  last_contact_at: string | null;
}

function buildCompanies(): StoredCompany[] {
  const byId = new Map(SEEDS.map((seed) => [seed.id, seed]));
  return SEEDS.map((seed, index) => {
    const parent = seed.parent ? byId.get(seed.parent) : undefined;
    return {
      id: seed.id,
      name: seed.name,
      legal_name: seed.legal_name,
      cnpj: seed.root ? fixtureCnpj(seed.root) : null,
      state_registration:
        index % 3 === 2 ? 'ISENTO' : seed.root ? `1${String(seed.id).padStart(8, '0')}` : null,
      municipal_registration: seed.root ? `9${seed.id}0${index}` : null,
      kind: seed.kind,
      segment: seed.segment,
      website: seed.domains[0] ? `https://www.${seed.domains[0]}/` : null,
      email_domains: seed.domains,
      phone: seed.phone,
      account_manager: seed.manager,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      notes:
        seed.id === 100 ? 'Cliente desde 2019. Contrato com atendimento 24×7 para o CD de Campinas.' : null,
      logo_url: null,
      status: seed.status ?? 'ativo',
      archived_at: null,
      open_tickets: seed.open,
      overdue_tickets: seed.overdue,
      last_contact_at: seed.open > 0 ? daysAgo(index * 0.5 + 0.1) : null,
      created_at: daysAgo(400 - index * 30),
      updated_at: daysAgo(10 - index),
    };
  });
}

function buildBranches(): Branch[] {
  let id = 1;
  return SEEDS.flatMap((seed) =>
    seed.branches.map((branch, index) => ({
      id: id++,
      company_id: seed.id,
      name: branch.name,
      cnpj: seed.root ? fixtureCnpj(seed.root, index + 1) : null,
      cep: branch.cep,
      street: branch.street,
      number: String(100 + index * 250),
      complement: index === 0 ? 'Conjunto 12' : null,
      district: branch.district,
      city: branch.city,
      uf: branch.uf,
      phone: seed.phone,
      opening_hours: 'Seg. a sex., 8h às 18h',
      head_office: index === 0,
      open_tickets: index === 0 ? seed.open : 0,
      created_at: daysAgo(300),
      updated_at: daysAgo(20),
    })),
  );
}

function buildContacts(branches: readonly Branch[]): CompanyContact[] {
  let id = 1;
  const names = new Map(SEEDS.map((seed) => [seed.id, seed.name]));
  return SEEDS.flatMap((seed) =>
    seed.contacts.map((contact) => {
      const branch = branches.find((item) => item.company_id === seed.id && item.head_office);
      return {
        id: id++,
        company_id: seed.id,
        company_name: names.get(seed.id)!,
        // Lucas, technician of Aurora Saúde, also answers for Aurora Educação (the group's shared IT).
        other_companies: contact.name === 'Lucas Martins' ? [{ id: 104, name: names.get(104)! }] : [],
        branch: branch ? { id: branch.id, name: branch.name } : null,
        name: contact.name,
        job_title: contact.job_title ?? null,
        department: contact.department ?? null,
        email: contact.email ?? null,
        phone: contact.phone ?? null,
        mobile: contact.mobile ?? null,
        whatsapp: contact.whatsapp ?? false,
        primary: contact.primary ?? false,
        billing: contact.billing ?? false,
        technical: contact.technical ?? false,
        vip: contact.vip ?? false,
        user_id: contact.user_id ?? null,
        notes: null,
        created_at: daysAgo(200),
        updated_at: daysAgo(15),
      };
    }),
  );
}

/** The audit trail as the server writes it (module companies; branch and contact events name their target). */
function buildActivity(): AuditEvent[] {
  const event = (
    id: number,
    companyId: number,
    action: string,
    days: number,
    details: Record<string, unknown>,
    target: { type: 'company' | 'branch' | 'contact'; id: number } = { type: 'company', id: companyId },
  ): AuditEvent => ({
    id,
    at: daysAgo(days),
    actor: bruno,
    actor_kind: 'staff' as const,
    company_id: companyId,
    module: 'companies',
    action,
    target_type: target.type,
    target_id: String(target.id),
    reason: null,
    ticket_id: null,
    ip: '127.0.0.1',
    user_agent: 'Mozilla/5.0',
    details,
  });
  const acmeCnpj = fixtureCnpj('11222333');
  return [
    event(
      5,
      100,
      'contact_updated',
      1,
      {
        contact_id: 1,
        name: 'Diego Ferreira',
        changes: {
          mobile: { from: '+5511912340000', to: '+5511912345678' },
          whatsapp: { from: false, to: true },
        },
      },
      { type: 'contact', id: 1 },
    ),
    event(4, 100, 'updated', 2, { changes: { phone: { from: '+551134567800', to: '+551134567890' } } }),
    event(
      3,
      100,
      'contact_created',
      25,
      {
        contact_id: 3,
        name: 'Gustavo Almeida',
        email: 'gustavo@acme.com.br',
        other_company_ids: [],
      },
      { type: 'contact', id: 3 },
    ),
    event(
      2,
      100,
      'branch_created',
      30,
      {
        branch_id: 2,
        name: 'Filial Campinas',
        cnpj: fixtureCnpj('11222333', 2),
        head_office: false,
      },
      { type: 'branch', id: 2 },
    ),
    event(1, 100, 'created', 400, {
      name: 'Acme Logística',
      legal_name: 'Acme Logística Ltda.',
      cnpj: acmeCnpj,
      kind: 'cliente',
    }),
  ];
}

export const companyFixtures = {
  /** The 8 companies (Acme and Globex as in the ticket fixtures, a grupo econômico, a supplier, an inactive one). */
  companies: buildCompanies,
  branches: buildBranches,
  contacts: () => buildContacts(buildBranches()),
  activity: buildActivity,
  /** Staff who may be account managers. */
  managers: () => [ana, bruno, person(fixtures.users.tecnico)],
};
