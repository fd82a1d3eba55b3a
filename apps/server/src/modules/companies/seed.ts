import { cnpjCheckDigits, type CompanyKind, type Uf } from '@farol/data/contract';
import type { Database } from '../../db/database';

/** A CNPJ with its check digits: the 8-character root, the 4-digit establishment order. */
const cnpj = (root: string, order: number) => {
  const first12 = `${root}${String(order).padStart(4, '0')}`;
  return `${first12}${cnpjCheckDigits(first12)}`;
};

interface SeedBranch {
  name: string;
  order: number;
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  uf: Uf;
  phone: string;
  hours: string;
}

interface SeedContact {
  name: string;
  jobTitle: string;
  department: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  whatsapp?: boolean;
  flags?: ('primary' | 'billing' | 'technical' | 'vip')[];
  /** The branch's name. */
  branch?: string;
  /** The demo client user this contact signs in as. */
  user?: string;
  /** Names of other companies the contact also answers for. */
  others?: string[];
}

interface SeedCompany {
  name: string;
  legalName: string;
  root: string;
  stateRegistration: string | null;
  municipalRegistration: string | null;
  kind: CompanyKind;
  segment: string;
  website: string;
  domains: string[];
  phone: string;
  manager: string | null;
  parent?: string;
  notes?: string;
  branches: SeedBranch[];
  contacts: SeedContact[];
}

const GESTOR = 'gestor@farol.dev';
const TECNICO = 'tecnico@farol.dev';
const HOURS = 'Seg. a sex., 8h às 18h';

// Acme and Globex exist already (the core seed, with their first two branches): they are completed here,
// keeping their names, which the users, chamados and conversations refer to.
const SEED_COMPANIES: SeedCompany[] = [
  {
    name: 'Acme',
    legalName: 'Acme Comércio e Serviços Ltda.',
    root: '11444777',
    stateRegistration: '110042490114',
    municipalRegistration: '3.456.789-0',
    kind: 'cliente',
    segment: 'Varejo',
    website: 'https://www.acme.com.br/',
    domains: ['acme.com.br'],
    phone: '+551133334444',
    manager: GESTOR,
    branches: [
      {
        name: 'Matriz São Paulo',
        order: 1,
        cep: '01310100',
        street: 'Avenida Paulista',
        number: '1578',
        complement: '12º andar',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
        phone: '+551133334444',
        hours: HOURS,
      },
      {
        name: 'Filial Campinas',
        order: 2,
        cep: '13015002',
        street: 'Rua Barão de Jaguara',
        number: '1200',
        district: 'Centro',
        city: 'Campinas',
        uf: 'SP',
        phone: '+551932345678',
        hours: HOURS,
      },
      {
        name: 'Filial Belo Horizonte',
        order: 3,
        cep: '30130009',
        street: 'Avenida Afonso Pena',
        number: '1500',
        complement: 'Sala 801',
        district: 'Centro',
        city: 'Belo Horizonte',
        uf: 'MG',
        phone: '+553132109876',
        hours: 'Seg. a sex., 9h às 18h',
      },
    ],
    contacts: [
      {
        name: 'Carla Cliente',
        jobTitle: 'Coordenadora administrativa',
        department: 'Administrativo',
        email: 'cliente@acme.com.br',
        phone: '+551133334445',
        mobile: '+5511987654321',
        whatsapp: true,
        flags: ['primary'],
        branch: 'Matriz São Paulo',
        user: 'cliente@acme.com.br',
      },
      {
        name: 'Roberto Almeida',
        jobTitle: 'Gerente financeiro',
        department: 'Financeiro',
        email: 'roberto.almeida@acme.com.br',
        phone: '+551133334450',
        mobile: null,
        flags: ['billing'],
        branch: 'Matriz São Paulo',
      },
      {
        name: 'Juliana Costa',
        jobTitle: 'Analista de sistemas',
        department: 'TI',
        email: 'juliana.costa@acme.com.br',
        phone: null,
        mobile: '+5519991234567',
        whatsapp: true,
        flags: ['technical'],
        branch: 'Filial Campinas',
      },
      {
        name: 'Marcos Vieira',
        jobTitle: 'Diretor geral',
        department: 'Diretoria',
        email: 'marcos.vieira@acme.com.br',
        phone: '+551133334400',
        mobile: '+5511999887766',
        flags: ['vip'],
      },
    ],
  },
  {
    name: 'Globex',
    legalName: 'Globex Tecnologia S.A.',
    root: '45723174',
    stateRegistration: '86123456',
    municipalRegistration: '0123456-7',
    kind: 'cliente',
    segment: 'Tecnologia',
    website: 'https://globex.com.br/',
    domains: ['globex.com.br', 'globex.tech'],
    phone: '+552125551000',
    manager: TECNICO,
    branches: [
      {
        name: 'Matriz Rio de Janeiro',
        order: 1,
        cep: '20040003',
        street: 'Avenida Rio Branco',
        number: '156',
        complement: 'Sala 2301',
        district: 'Centro',
        city: 'Rio de Janeiro',
        uf: 'RJ',
        phone: '+552125551000',
        hours: HOURS,
      },
      {
        name: 'Filial Niterói',
        order: 2,
        cep: '24020082',
        street: 'Rua da Conceição',
        number: '188',
        district: 'Centro',
        city: 'Niterói',
        uf: 'RJ',
        phone: '+552126201234',
        hours: HOURS,
      },
      {
        name: 'Filial Vitória',
        order: 4,
        cep: '29055131',
        street: 'Avenida Nossa Senhora da Penha',
        number: '595',
        district: 'Praia do Canto',
        city: 'Vitória',
        uf: 'ES',
        phone: '+552733451200',
        hours: 'Seg. a sex., 8h às 17h',
      },
    ],
    contacts: [
      {
        name: 'Gabriel Globex',
        jobTitle: 'Analista de operações',
        department: 'Operações',
        email: 'cliente@globex.com.br',
        phone: '+552125551010',
        mobile: '+5521998765432',
        whatsapp: true,
        flags: ['primary'],
        branch: 'Filial Niterói',
        user: 'cliente@globex.com.br',
      },
      {
        name: 'Fernanda Rocha',
        jobTitle: 'Coordenadora de TI',
        department: 'TI',
        email: 'fernanda.rocha@globex.com.br',
        phone: '+552125551020',
        mobile: '+5521987001122',
        flags: ['technical', 'vip'],
        branch: 'Matriz Rio de Janeiro',
      },
      {
        name: 'Eduardo Lima',
        jobTitle: 'Analista de contas a pagar',
        department: 'Financeiro',
        email: 'eduardo.lima@globex.com.br',
        phone: '+552125551030',
        mobile: null,
        flags: ['billing'],
      },
    ],
  },
  {
    name: 'Grupo Horizonte',
    legalName: 'Horizonte Participações S.A.',
    root: '23917411',
    stateRegistration: 'ISENTO',
    municipalRegistration: null,
    kind: 'cliente',
    segment: 'Holding',
    website: 'https://grupohorizonte.com.br/',
    domains: ['grupohorizonte.com.br'],
    phone: '+554130305500',
    manager: GESTOR,
    notes: 'Contrato corporativo: o atendimento das controladas passa pela TI do grupo.',
    branches: [
      {
        name: 'Sede Curitiba',
        order: 1,
        cep: '80420090',
        street: 'Avenida Batel',
        number: '1230',
        complement: 'Conjunto 504',
        district: 'Batel',
        city: 'Curitiba',
        uf: 'PR',
        phone: '+554130305500',
        hours: HOURS,
      },
      {
        name: 'Escritório São Paulo',
        order: 2,
        cep: '04538132',
        street: 'Avenida Brigadeiro Faria Lima',
        number: '3477',
        complement: '9º andar',
        district: 'Itaim Bibi',
        city: 'São Paulo',
        uf: 'SP',
        phone: '+551130409000',
        hours: HOURS,
      },
    ],
    contacts: [
      {
        name: 'Paulo Henrique Souza',
        jobTitle: 'Gerente de TI do grupo',
        department: 'TI',
        email: 'paulo.souza@grupohorizonte.com.br',
        phone: '+554130305510',
        mobile: '+5541991122334',
        whatsapp: true,
        flags: ['primary', 'technical'],
        branch: 'Sede Curitiba',
        others: ['Horizonte Logística', 'Horizonte Saúde'],
      },
      {
        name: 'Beatriz Nogueira',
        jobTitle: 'Controller',
        department: 'Financeiro',
        email: 'beatriz.nogueira@grupohorizonte.com.br',
        phone: '+554130305520',
        mobile: null,
        flags: ['billing'],
      },
      {
        name: 'Ricardo Tavares',
        jobTitle: 'Diretor-presidente',
        department: 'Diretoria',
        email: 'ricardo.tavares@grupohorizonte.com.br',
        phone: null,
        mobile: '+5541999001122',
        flags: ['vip'],
        branch: 'Escritório São Paulo',
      },
    ],
  },
  {
    name: 'Horizonte Logística',
    legalName: 'Horizonte Logística e Transportes Ltda.',
    root: '34028316',
    stateRegistration: '9044016688',
    municipalRegistration: '1029384',
    kind: 'cliente',
    segment: 'Logística',
    website: 'https://logistica.grupohorizonte.com.br/',
    domains: ['horizontelog.com.br'],
    phone: '+554732201800',
    manager: GESTOR,
    parent: 'Grupo Horizonte',
    branches: [
      {
        name: 'Centro de distribuição Joinville',
        order: 1,
        cep: '89219510',
        street: 'Rua Dona Francisca',
        number: '8300',
        complement: 'Galpão 3',
        district: 'Distrito Industrial',
        city: 'Joinville',
        uf: 'SC',
        phone: '+554732201800',
        hours: 'Seg. a sáb., 6h às 22h',
      },
      {
        name: 'Base Curitiba',
        order: 2,
        cep: '81460000',
        street: 'Rodovia BR-116',
        number: '15480',
        district: 'Fazendinha',
        city: 'Curitiba',
        uf: 'PR',
        phone: '+554133771200',
        hours: 'Seg. a sáb., 6h às 22h',
      },
      {
        name: 'Base Porto Alegre',
        order: 3,
        cep: '90200001',
        street: 'Avenida dos Estados',
        number: '1515',
        district: 'Anchieta',
        city: 'Porto Alegre',
        uf: 'RS',
        phone: '+555133425000',
        hours: 'Seg. a sex., 7h às 19h',
      },
    ],
    contacts: [
      {
        name: 'André Martins',
        jobTitle: 'Supervisor de operações',
        department: 'Operações',
        email: 'andre.martins@horizontelog.com.br',
        phone: '+554732201810',
        mobile: '+5547991450011',
        whatsapp: true,
        flags: ['primary'],
        branch: 'Centro de distribuição Joinville',
      },
      {
        name: 'Camila Duarte',
        jobTitle: 'Analista de suporte',
        department: 'TI',
        email: 'camila.duarte@horizontelog.com.br',
        phone: null,
        mobile: '+5541988112233',
        whatsapp: true,
        flags: ['technical'],
        branch: 'Base Curitiba',
      },
      {
        name: 'Sérgio Pacheco',
        jobTitle: 'Coordenador de frota',
        department: 'Frota',
        email: 'sergio.pacheco@horizontelog.com.br',
        phone: '+555133425010',
        mobile: null,
        branch: 'Base Porto Alegre',
      },
    ],
  },
  {
    name: 'Horizonte Saúde',
    legalName: 'Clínica Horizonte Saúde Ltda.',
    root: '51326049',
    stateRegistration: null,
    municipalRegistration: '5566778',
    kind: 'cliente',
    segment: 'Saúde',
    website: 'https://saude.grupohorizonte.com.br/',
    domains: ['horizontesaude.com.br'],
    phone: '+555132125000',
    manager: TECNICO,
    parent: 'Grupo Horizonte',
    branches: [
      {
        name: 'Unidade Moinhos de Vento',
        order: 1,
        cep: '90570020',
        street: 'Rua Padre Chagas',
        number: '415',
        district: 'Moinhos de Vento',
        city: 'Porto Alegre',
        uf: 'RS',
        phone: '+555132125000',
        hours: 'Seg. a sex., 7h às 20h; sáb., 8h às 12h',
      },
      {
        name: 'Unidade Florianópolis',
        order: 2,
        cep: '88015200',
        street: 'Rua Esteves Júnior',
        number: '160',
        district: 'Centro',
        city: 'Florianópolis',
        uf: 'SC',
        phone: '+554832241300',
        hours: 'Seg. a sex., 7h às 19h',
      },
    ],
    contacts: [
      {
        name: 'Dra. Helena Prado',
        jobTitle: 'Diretora clínica',
        department: 'Diretoria',
        email: 'helena.prado@horizontesaude.com.br',
        phone: '+555132125001',
        mobile: '+5551999334455',
        flags: ['primary', 'vip'],
        branch: 'Unidade Moinhos de Vento',
      },
      {
        name: 'Lucas Ferreira',
        jobTitle: 'Técnico de informática',
        department: 'TI',
        email: 'lucas.ferreira@horizontesaude.com.br',
        phone: null,
        mobile: '+5548991002030',
        whatsapp: true,
        flags: ['technical'],
        branch: 'Unidade Florianópolis',
      },
      {
        name: 'Patrícia Gomes',
        jobTitle: 'Faturamento',
        department: 'Financeiro',
        email: 'patricia.gomes@horizontesaude.com.br',
        phone: '+555132125020',
        mobile: null,
        flags: ['billing'],
      },
    ],
  },
  {
    name: 'Pão de Ouro',
    legalName: 'Panificadora Pão de Ouro Ltda.',
    // A CNPJ of the new alphanumeric format (IN RFB 2.229/2024).
    root: '12ABC345',
    stateRegistration: '123456789',
    municipalRegistration: null,
    kind: 'prospect',
    segment: 'Alimentação',
    website: 'https://paodeouro.com.br/',
    domains: ['paodeouro.com.br'],
    phone: '+557133221100',
    manager: null,
    notes: 'Pediu proposta para suporte às lojas e ao sistema de caixa.',
    branches: [
      {
        name: 'Loja Barra',
        order: 1,
        cep: '40140130',
        street: 'Avenida Oceânica',
        number: '2400',
        district: 'Barra',
        city: 'Salvador',
        uf: 'BA',
        phone: '+557133221100',
        hours: 'Todos os dias, 6h às 21h',
      },
      {
        name: 'Loja Pituba',
        order: 2,
        cep: '41830000',
        street: 'Avenida Paulo VI',
        number: '1700',
        district: 'Pituba',
        city: 'Salvador',
        uf: 'BA',
        phone: '+557133587700',
        hours: 'Todos os dias, 6h às 21h',
      },
    ],
    contacts: [
      {
        name: 'José Carlos Menezes',
        jobTitle: 'Sócio-proprietário',
        department: 'Diretoria',
        email: 'jose@paodeouro.com.br',
        phone: null,
        mobile: '+5571999887700',
        whatsapp: true,
        flags: ['primary', 'vip'],
      },
      {
        name: 'Ana Paula Reis',
        jobTitle: 'Gerente de loja',
        department: 'Operações',
        email: 'anapaula@paodeouro.com.br',
        phone: '+557133587701',
        mobile: '+5571988776655',
        branch: 'Loja Pituba',
      },
      {
        name: 'Rafael Bastos',
        jobTitle: 'Contador',
        department: 'Financeiro',
        email: 'rafael.bastos@paodeouro.com.br',
        phone: '+557133221150',
        mobile: null,
        flags: ['billing'],
      },
    ],
  },
  {
    name: 'Nordeste Distribuidora',
    legalName: 'Nordeste Distribuidora de Equipamentos de Informática Ltda.',
    root: '07526557',
    stateRegistration: '0321456789',
    municipalRegistration: '445566',
    kind: 'fornecedor',
    segment: 'Distribuição de hardware',
    website: 'https://nordestedistribuidora.com.br/',
    domains: ['nordestedistribuidora.com.br'],
    phone: '+558134651200',
    manager: null,
    notes: 'Fornecedor de notebooks, impressoras e suprimentos. Prazo de entrega: 5 dias úteis.',
    branches: [
      {
        name: 'Matriz Recife',
        order: 1,
        cep: '50030230',
        street: 'Avenida Marquês de Olinda',
        number: '126',
        district: 'Recife',
        city: 'Recife',
        uf: 'PE',
        phone: '+558134651200',
        hours: HOURS,
      },
      {
        name: 'Filial Fortaleza',
        order: 2,
        cep: '60160230',
        street: 'Avenida Dom Luís',
        number: '500',
        complement: 'Loja 12',
        district: 'Meireles',
        city: 'Fortaleza',
        uf: 'CE',
        phone: '+558532241500',
        hours: HOURS,
      },
      {
        name: 'Filial Natal',
        order: 3,
        cep: '59020300',
        street: 'Avenida Hermes da Fonseca',
        number: '1020',
        district: 'Tirol',
        city: 'Natal',
        uf: 'RN',
        phone: '+558432011400',
        hours: HOURS,
      },
      {
        name: 'Centro de distribuição Jaboatão',
        order: 4,
        cep: '54330075',
        street: 'Rodovia BR-101 Sul',
        number: '3500',
        district: 'Prazeres',
        city: 'Jaboatão dos Guararapes',
        uf: 'PE',
        phone: '+558134761000',
        hours: 'Seg. a sex., 7h às 17h',
      },
    ],
    contacts: [
      {
        name: 'Cláudia Barros',
        jobTitle: 'Executiva de contas',
        department: 'Comercial',
        email: 'claudia.barros@nordestedistribuidora.com.br',
        phone: '+558134651210',
        mobile: '+5581999112233',
        whatsapp: true,
        flags: ['primary'],
        branch: 'Matriz Recife',
      },
      {
        name: 'Thiago Moura',
        jobTitle: 'Suporte técnico',
        department: 'Pós-venda',
        email: 'suporte@nordestedistribuidora.com.br',
        phone: '+558134651230',
        mobile: null,
        flags: ['technical'],
      },
      {
        name: 'Renata Farias',
        jobTitle: 'Cobrança',
        department: 'Financeiro',
        email: 'financeiro@nordestedistribuidora.com.br',
        phone: '+558532241510',
        mobile: null,
        flags: ['billing'],
        branch: 'Filial Fortaleza',
      },
      {
        name: 'Felipe Araújo',
        jobTitle: 'Logística',
        department: 'Expedição',
        email: 'felipe.araujo@nordestedistribuidora.com.br',
        phone: '+558134761010',
        mobile: '+5581988001144',
        whatsapp: true,
        branch: 'Centro de distribuição Jaboatão',
      },
    ],
  },
  {
    name: 'Nuvem Sul',
    legalName: 'Nuvem Sul Tecnologia em Nuvem Ltda.',
    root: '29346711',
    stateRegistration: null,
    municipalRegistration: '778899',
    kind: 'parceiro',
    segment: 'Data center e nuvem',
    website: 'https://nuvemsul.com.br/',
    domains: ['nuvemsul.com.br'],
    phone: '+554830251900',
    manager: GESTOR,
    notes: 'Parceiro de hospedagem: backups externos e servidores virtuais dos clientes.',
    branches: [
      {
        name: 'Data center Florianópolis',
        order: 1,
        cep: '88034001',
        street: 'Rodovia SC-401',
        number: '600',
        district: 'Saco Grande',
        city: 'Florianópolis',
        uf: 'SC',
        phone: '+554830251900',
        hours: '24 horas, todos os dias',
      },
      {
        name: 'Escritório Goiânia',
        order: 2,
        cep: '74150100',
        street: 'Avenida T-63',
        number: '1296',
        complement: 'Sala 1104',
        district: 'Setor Bueno',
        city: 'Goiânia',
        uf: 'GO',
        phone: '+556232155000',
        hours: HOURS,
      },
    ],
    contacts: [
      {
        name: 'Gustavo Kern',
        jobTitle: 'Gerente de parcerias',
        department: 'Comercial',
        email: 'gustavo.kern@nuvemsul.com.br',
        phone: '+554830251910',
        mobile: '+5548999443322',
        whatsapp: true,
        flags: ['primary'],
      },
      {
        name: 'Larissa Schmidt',
        jobTitle: 'Engenheira de infraestrutura',
        department: 'Operações',
        email: 'larissa.schmidt@nuvemsul.com.br',
        phone: null,
        mobile: '+5548988334455',
        flags: ['technical'],
        branch: 'Data center Florianópolis',
      },
      {
        name: 'NOC 24 horas',
        jobTitle: 'Central de operações',
        department: 'NOC',
        email: 'noc@nuvemsul.com.br',
        phone: '+554830251999',
        mobile: null,
        flags: ['technical'],
        branch: 'Data center Florianópolis',
      },
    ],
  },
];

/**
 * The demo companies (Acme and Globex completed, six more): razão social, valid CNPJs (one alphanumeric),
 * branches with the company's root and real-looking addresses in several UFs, contacts with E.164 phones,
 * one grupo econômico (Grupo Horizonte over Horizonte Logística and Horizonte Saúde), account managers, and
 * the demo client users' e-mail domains and contacts.
 */
export const seedCompanies = async (tx: Database, users: Record<string, number>) => {
  const companyIds = new Map<string, number>();
  for (const company of SEED_COMPANIES) {
    const values = [
      company.legalName,
      cnpj(company.root, 1),
      company.stateRegistration,
      company.municipalRegistration,
      company.kind,
      company.segment,
      company.website,
      company.domains,
      company.phone,
      company.manager ? (users[company.manager] ?? null) : null,
      company.notes ?? null,
      company.name,
    ];
    const updated = await tx.query<{ id: number }>(
      `UPDATE companies SET legal_name = $1, cnpj = $2, state_registration = $3, municipal_registration = $4,
         kind = $5, segment = $6, website = $7, email_domains = $8, phone = $9, account_manager_id = $10,
         notes = $11, updated_at = now()
       WHERE name = $12 RETURNING id`,
      values,
    );
    const id =
      updated.rows[0]?.id ??
      (
        await tx.query<{ id: number }>(
          `INSERT INTO companies (legal_name, cnpj, state_registration, municipal_registration, kind, segment,
             website, email_domains, phone, account_manager_id, notes, name)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          values,
        )
      ).rows[0]!.id;
    companyIds.set(company.name, id);
  }

  for (const company of SEED_COMPANIES) {
    const companyId = companyIds.get(company.name)!;
    if (company.parent) {
      await tx.query('UPDATE companies SET parent_id = $1 WHERE id = $2', [
        companyIds.get(company.parent),
        companyId,
      ]);
    }
    const branchIds = new Map<string, number>();
    for (const branch of company.branches) {
      const values = [
        cnpj(company.root, branch.order),
        branch.cep,
        branch.street,
        branch.number,
        branch.complement ?? null,
        branch.district,
        branch.city,
        branch.uf,
        branch.phone,
        branch.hours,
        branch.order === 1,
        companyId,
        branch.name,
      ];
      const updated = await tx.query<{ id: number }>(
        `UPDATE branches SET cnpj = $1, cep = $2, street = $3, number = $4, complement = $5, district = $6,
           city = $7, uf = $8, phone = $9, opening_hours = $10, head_office = $11, updated_at = now()
         WHERE company_id = $12 AND name = $13 RETURNING id`,
        values,
      );
      const id =
        updated.rows[0]?.id ??
        (
          await tx.query<{ id: number }>(
            `INSERT INTO branches (cnpj, cep, street, number, complement, district, city, uf, phone, opening_hours,
               head_office, company_id, name)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
            values,
          )
        ).rows[0]!.id;
      branchIds.set(branch.name, id);
    }

    for (const contact of company.contacts) {
      const flags = new Set(contact.flags ?? []);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO company_contacts (company_id, branch_id, name, job_title, department, email, phone, mobile,
           whatsapp, is_primary, billing, technical, vip, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [
          companyId,
          contact.branch ? (branchIds.get(contact.branch) ?? null) : null,
          contact.name,
          contact.jobTitle,
          contact.department,
          contact.email,
          contact.phone,
          contact.mobile,
          contact.whatsapp ?? false,
          flags.has('primary'),
          flags.has('billing'),
          flags.has('technical'),
          flags.has('vip'),
          contact.user ? (users[contact.user] ?? null) : null,
        ],
      );
      const others = (contact.others ?? []).map((name) => companyIds.get(name)!);
      if (others.length > 0) {
        await tx.query(
          'INSERT INTO contact_companies (contact_id, company_id) SELECT $1, unnest($2::int[])',
          [rows[0]!.id, others],
        );
      }
    }
  }
};
