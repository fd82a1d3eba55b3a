/**
 * "Por que ele vê isso?" (issue 13): the decision chain for one person and one screen or record — account,
 * role, key, company scope, result — decided by the same functions the server's access hook and queries use
 * (effectivePermissions, mayCall's rule, companyScopeOf, scopeReachesCompany).
 */
import {
  BUILT_IN_ROLE_NAMES,
  PERMISSION_REGISTRY,
  isAdminRole,
  isClientRole,
  roleHoldsPermissions,
  type PermissionKey,
  type WhyAnswer,
  type WhyStep,
  type WhyTarget,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { companyScopeOf, type CompanyScope } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { notFound } from '../../http/errors';
import { companyNames, loadSubject, roleKeyOf } from './repository';

/** What a screen needs, as the portal's route table says (the portal sends it with the path). */
export interface ScreenRule {
  permission: PermissionKey | null;
  area: 'public' | 'client' | 'staff';
}

interface RecordFacts {
  label: string;
  companyId: number | null;
  /** Records of no company (a team board) pass any staff scope. */
  unassigned: boolean;
  key: PermissionKey;
  /** Whether a client of the record's company may read it. */
  clients: boolean;
}

const scopeText = (scope: CompanyScope, names: Map<number, string>) => {
  const list = (ids: readonly number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
  if (scope.kind === 'all') return 'Alcança todas as empresas.';
  if (scope.kind === 'company')
    return scope.companyId === null
      ? 'Cliente sem empresa: não alcança nenhuma.'
      : `Cliente: alcança só a própria empresa (${names.get(scope.companyId) ?? `#${scope.companyId}`}).`;
  const parts: string[] = [];
  parts.push(scope.allow === null ? 'Todas as empresas' : `Somente ${list(scope.allow)}`);
  if (scope.deny.length > 0) parts.push(`exceto ${list(scope.deny)} (a exclusão vence)`);
  return `${parts.join(', ')}.`;
};

const loadRecord = async (db: Database, target: WhyTarget, id: number): Promise<RecordFacts> => {
  if (target === 'ticket') {
    const { rows } = await db.query<{ number: number | null; subject: string; company_id: number }>(
      'SELECT number, subject, company_id FROM tickets WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw notFound('Chamado não encontrado');
    return {
      label: `Chamado #${row.number ?? id} — ${row.subject}`,
      companyId: row.company_id,
      unassigned: false,
      key: 'tickets.view',
      clients: true,
    };
  }
  if (target === 'company') {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [id]);
    if (!rows[0]) throw notFound('Empresa não encontrada');
    return {
      label: `Empresa ${rows[0].name}`,
      companyId: id,
      unassigned: false,
      key: 'companies.view',
      clients: false,
    };
  }
  const { rows } = await db.query<{
    number: number;
    title: string;
    company_id: number | null;
    board_company_id: number | null;
  }>(
    `SELECT t.number, t.title, t.company_id, b.company_id AS board_company_id
       FROM tasks t JOIN task_boards b ON b.id = t.board_id WHERE t.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('Tarefa não encontrada');
  return {
    label: `Tarefa #${row.number} — ${row.title}`,
    // The board's company rules first (a client's reach), then the task's own.
    companyId: row.company_id ?? row.board_company_id,
    unassigned: true,
    key: 'tasks.view',
    clients: false,
  };
};

export const explainAccess = async (
  db: Database,
  input: { userId: number; target: WhyTarget; value: string; screen?: ScreenRule | null },
): Promise<WhyAnswer> => {
  const subject = await loadSubject(db, input.userId);
  if (!subject) throw notFound('Usuário não encontrado');
  const { row, user } = subject;
  const roleKey = roleKeyOf(row.role);
  const roleName =
    row.role_name ?? BUILT_IN_ROLE_NAMES[roleKey as keyof typeof BUILT_IN_ROLE_NAMES] ?? row.role;
  const client = isClientRole(row.role);
  const admin = isAdminRole(row.role);
  const scope = companyScopeOf(user);
  const steps: WhyStep[] = [];

  const active = row.status === 'ativo';
  steps.push({
    kind: 'account',
    title: 'Conta',
    detail: active ? 'Conta ativa: pode entrar.' : `Conta ${row.status}: não entra, não vê nada.`,
    ok: active,
  });
  steps.push({
    kind: 'role',
    title: `Função: ${roleName}`,
    detail: admin
      ? 'Administrador: tem todas as permissões e alcança todas as empresas.'
      : client
        ? 'Cliente: nenhuma permissão da equipe; vê só o portal e a própria empresa.'
        : `Permissões da função: ${
            (row.role_permissions ?? []).length > 0 ? (row.role_permissions ?? []).join(', ') : 'nenhuma'
          }. Permissões extras da pessoa: ${row.extra.length > 0 ? row.extra.join(', ') : 'nenhuma'}.`,
    ok: null,
  });

  let label: string;
  let keyOk: boolean;
  let scopeOk: boolean | null = null;
  let required: PermissionKey | null;
  let companyId: number | null = null;

  if (input.target === 'route') {
    const screen = input.screen ?? null;
    label = `Tela ${input.value}`;
    required = screen?.permission ?? null;
    if (!screen) {
      keyOk = false;
      steps.push({ kind: 'key', title: 'Tela', detail: 'Tela desconhecida: ninguém a abre.', ok: false });
    } else if (screen.area === 'public') {
      keyOk = true;
      steps.push({ kind: 'key', title: 'Tela pública', detail: 'Aberta a qualquer pessoa.', ok: true });
    } else if (screen.area === 'client' || client) {
      keyOk = screen.area === 'client' ? client : false;
      steps.push({
        kind: 'key',
        title: screen.area === 'client' ? 'Tela do portal do cliente' : 'Tela da equipe',
        detail:
          screen.area === 'client'
            ? client
              ? 'Clientes abrem o portal.'
              : 'Só clientes abrem o portal; a equipe usa as telas da equipe.'
            : 'Clientes não abrem telas da equipe: vão para o portal.',
        ok: keyOk,
      });
    } else {
      keyOk = roleHoldsPermissions(user.role, user.permissions, required);
      steps.push(keyStep(required, keyOk, admin));
    }
  } else {
    const facts = await loadRecord(db, input.target, Number(input.value));
    label = facts.label;
    required = facts.key;
    companyId = facts.companyId;
    if (client) {
      keyOk = facts.clients;
      steps.push({
        kind: 'key',
        title: 'Permissão',
        detail: facts.clients
          ? 'Clientes leem os registros da própria empresa, sem permissão da equipe.'
          : 'Clientes não abrem este tipo de registro.',
        ok: keyOk,
      });
    } else {
      keyOk = roleHoldsPermissions(user.role, user.permissions, required);
      steps.push(keyStep(required, keyOk, admin));
    }
    scopeOk = scopeReachesCompany(scope, companyId, { unassigned: facts.unassigned && !client });
    const names = await companyNames(db, [
      ...(companyId === null ? [] : [companyId]),
      ...(scope.kind === 'limited' ? [...(scope.allow ?? []), ...scope.deny] : []),
      ...(scope.kind === 'company' && scope.companyId !== null ? [scope.companyId] : []),
    ]);
    const recordCompany =
      companyId === null
        ? 'O registro não é de nenhuma empresa.'
        : `O registro é da empresa ${names.get(companyId) ?? `#${companyId}`}.`;
    steps.push({
      kind: 'scope',
      title: 'Escopo de empresas',
      detail: `${scopeText(scope, names)} ${recordCompany} ${scopeOk ? 'Dentro do escopo.' : 'Fora do escopo.'}`,
      ok: scopeOk,
    });
  }

  const allowed = active && keyOk && scopeOk !== false;
  const reason = !active
    ? 'a conta não está ativa'
    : !keyOk
      ? required
        ? `falta a permissão ${PERMISSION_REGISTRY[required].label} (${required})`
        : 'a tela não é da área desta pessoa'
      : scopeOk === false
        ? 'a empresa do registro está fora do escopo'
        : null;
  steps.push({
    kind: 'record',
    title: 'Resultado',
    detail: allowed ? `${user.name} vê ${label}.` : `${user.name} não vê ${label}: ${reason}.`,
    ok: allowed,
  });
  return {
    user: { id: row.id, name: user.name, role: roleKey, role_name: roleName },
    target: { kind: input.target, value: input.value, label },
    steps,
    allowed,
    summary: allowed ? `Sim: ${user.name} vê ${label}.` : `Não: ${reason}.`,
  };
};

const keyStep = (required: PermissionKey | null, ok: boolean, admin: boolean): WhyStep => {
  if (required === null)
    return {
      kind: 'key',
      title: 'Permissão',
      detail: 'Nenhuma permissão exigida: basta estar conectado.',
      ok: true,
    };
  const label = PERMISSION_REGISTRY[required].label;
  return {
    kind: 'key',
    title: `Permissão: ${label} (${required})`,
    detail: admin
      ? 'Administradores têm todas as permissões.'
      : ok
        ? 'A pessoa tem esta permissão (pela função ou como extra).'
        : 'A pessoa não tem esta permissão: nem pela função, nem como extra.',
    ok,
  };
};
