import type { AuditEvent } from '../../contract/audit';
import type { UserProfile } from '../../contract/user-directory';
import { fixtures, minutesAgo } from '../../mocks/fixtures';

/** A person as the directory mock keeps them: their page's facts (the list shows the directory's part). */
export type StoredPerson = UserProfile;

const fromFixture = (
  name: keyof typeof fixtures.users,
  extra: Partial<StoredPerson> & Pick<StoredPerson, 'presence'>,
): StoredPerson => {
  const user = fixtures.users[name];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    profile_picture: user.profile_picture,
    company_id: user.company_id,
    company_name: user.company_name ?? null,
    phone: null,
    username: user.username,
    job_title: null,
    department: null,
    created_at: minutesAgo(60 * 24 * 400),
    ...extra,
  };
};

let nextId = 20;
const person = (
  name: string,
  fields: Partial<StoredPerson> & Pick<StoredPerson, 'role' | 'presence'>,
): StoredPerson => {
  const id = nextId++;
  const [first = name, ...rest] = name.split(' ');
  const email = `${first}.${rest.at(-1) ?? ''}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return {
    id,
    email: `${email}@${fields.company_id ? 'cliente.com.br' : 'farol.com.br'}`,
    name,
    profile_picture: null,
    company_id: null,
    company_name: null,
    phone: null,
    username: null,
    job_title: null,
    department: null,
    created_at: minutesAgo(60 * 24 * (30 + id)),
    ...fields,
  };
};

const ACME = { company_id: 100, company_name: 'Acme Logística Ltda.' };
const GLOBEX = { company_id: 101, company_name: 'Globex Comércio S.A.' };

/** The directory's people: the fixture users (the signed-in ones) and colleagues on both sides. */
export function directoryPeople(): StoredPerson[] {
  nextId = 20;
  return [
    fromFixture('admin', { presence: 'online', phone: '(11) 3456-7000' }),
    fromFixture('gestor', { presence: 'online', phone: '(11) 98765-4321' }),
    fromFixture('tecnico', { presence: 'ausente', phone: '(11) 97654-3210' }),
    fromFixture('clienteAcme', {
      presence: 'offline',
      phone: '(11) 3333-4444',
      job_title: 'Coordenador de TI',
      department: 'Tecnologia',
    }),
    fromFixture('clienteGlobex', {
      presence: 'online',
      phone: '(21) 2222-1111',
      job_title: 'Gerente financeira',
      department: 'Financeiro',
    }),
    person('João Araújo', { role: 'tecnico', presence: 'online', phone: '(11) 91234-5678' }),
    person('Márcia Gonçalves', { role: 'tecnico', presence: 'offline', phone: '(11) 94567-1234' }),
    person('Otávio Ribeiro', { role: 'gestor', presence: 'ausente' }),
    person('Beatriz Cunha', {
      role: 'cliente',
      presence: 'online',
      ...ACME,
      job_title: 'Analista de compras',
      department: 'Suprimentos',
      phone: '(11) 3333-4455',
    }),
    person('Fábio Nogueira', { role: 'cliente', presence: 'offline', ...ACME, job_title: 'Diretor' }),
    person('Helena Prado', { role: 'client', presence: 'offline', ...GLOBEX, department: 'Operações' }),
    person('Íris Camargo', { role: 'cliente', presence: 'ausente', ...GLOBEX, phone: '(21) 98888-7777' }),
  ];
}

/** A person's audit trail as the server keeps it (module, action, who did it), newest first. */
export function directoryAudit(): AuditEvent[] {
  const admin = fixtures.users.admin;
  const event = (
    id: number,
    userId: number,
    minutes: number,
    module: string,
    action: string,
    details = {},
  ) => ({
    id,
    at: minutesAgo(minutes),
    actor: module === 'auth' ? { id: userId, name: null } : { id: admin.id, name: admin.name },
    actor_kind: module === 'auth' ? ('client' as const) : ('staff' as const),
    company_id: null,
    module,
    action,
    target_type: 'user',
    target_id: String(userId),
    reason: null,
    ticket_id: null,
    ip: '200.160.2.3',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/132.0',
    details,
  });
  return [
    event(3, 10, 35, 'auth', 'login'),
    event(2, 10, 60 * 26, 'profile', 'updated', { changes: { theme: { from: 'default', to: 'oceano' } } }),
    event(1, 10, 60 * 24 * 30, 'accounts', 'created', { role: 'cliente' }),
  ];
}
