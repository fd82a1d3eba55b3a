import {
  TASK_TEMPLATES,
  TASK_TIME_ZONE,
  addDays,
  orderKeysBetween,
  type TaskColor,
  type TaskPriority,
  type TaskRecurrence,
  type TaskStateGroup,
} from '@farol/data/contract';
import type { Database } from '../../db/database';

type Users = Record<string, number>;

interface SeedColumn {
  name: string;
  color: TaskColor;
  group: TaskStateGroup;
  wip?: { limit: number; mode: 'aviso' | 'bloqueio' };
}

interface SeedTask {
  title: string;
  column: number;
  priority?: TaskPriority;
  /** Days from the seed's day (negative: overdue). */
  due?: number;
  assignees?: string[];
  labels?: string[];
  checklist?: [string, boolean][];
  description?: string;
  company?: string;
  ticket?: boolean;
  recurrence?: TaskRecurrence;
  /** A key: other tasks' `blockedBy` name it. */
  key?: string;
  blockedBy?: string;
  comment?: [string, string];
}

const ADMIN = 'admin@farol.dev';
const GESTOR = 'gestor@farol.dev';
const TECNICO = 'tecnico@farol.dev';

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TASK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/**
 * The demo boards of an MSP: "Operações internas" (a bloqueio WIP limit on Em andamento, a blocked task, a task
 * recurring every business day), "Onboarding Acme" (the client's onboarding from its template, a task linked to
 * an Acme chamado, an aviso WIP limit) and "Manutenção mensal" (the monthly routine across clients, recurring on
 * the first business day). About thirty tasks with due days around today, so "Minhas tarefas" has something in
 * every bucket.
 */
export const seedTasks = async (tx: Database, users: Users): Promise<void> => {
  const day = today();
  const companyId = async (name: string) => {
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [name]);
    return rows[0]?.id ?? null;
  };
  const acme = await companyId('Acme');
  const globex = await companyId('Globex');
  const { rows: acmeTickets } = await tx.query<{ id: number }>(
    "SELECT id FROM tickets WHERE company_id = $1 AND status NOT IN ('resolvido', 'fechado') ORDER BY number LIMIT 1",
    [acme],
  );
  const acmeTicket = acmeTickets[0]?.id ?? null;

  const labelIds = new Map<string, number>();
  const addLabel = async (name: string, color: TaskColor, boardId: number | null) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO task_labels (board_id, name, color) VALUES ($1, $2, $3) RETURNING id',
      [boardId, name, color],
    );
    labelIds.set(name, rows[0]!.id);
  };
  for (const [name, color] of [
    ['Rede', 'blue'],
    ['Servidores', 'violet'],
    ['Segurança', 'red'],
    ['Backup', 'teal'],
    ['Cliente', 'amber'],
  ] as const)
    await addLabel(name, color, null);

  const taskIds = new Map<string, number>();

  const board = async (
    name: string,
    description: string,
    company: number | null,
    kind: 'interna' | 'cliente',
    columns: SeedColumn[],
    tasks: SeedTask[],
    boardLabels: [string, TaskColor][] = [],
  ) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO task_boards (name, description, company_id, kind, created_by) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [name, description, company, kind, users[GESTOR] ?? null],
    );
    const boardId = rows[0]!.id;
    for (const [label, color] of boardLabels) await addLabel(label, color, boardId);
    const columnKeys = orderKeysBetween(null, null, columns.length);
    const columnIds: number[] = [];
    for (const [index, column] of columns.entries()) {
      const { rows: inserted } = await tx.query<{ id: number }>(
        `INSERT INTO task_columns (board_id, name, color, state_group, position, wip_limit, wip_mode)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          boardId,
          column.name,
          column.color,
          column.group,
          columnKeys[index],
          column.wip?.limit ?? null,
          column.wip?.mode ?? 'aviso',
        ],
      );
      columnIds.push(inserted[0]!.id);
    }
    for (const [columnIndex, columnId] of columnIds.entries()) {
      const inColumn = tasks.filter((task) => task.column === columnIndex);
      const keys = orderKeysBetween(null, null, inColumn.length);
      for (const [index, task] of inColumn.entries()) {
        const done = columns[columnIndex]!.group === 'concluido';
        const taskCompany = task.company === 'Acme' ? acme : task.company === 'Globex' ? globex : company;
        const { rows: inserted } = await tx.query<{ id: number }>(
          `INSERT INTO tasks (board_id, column_id, position, title, description, priority, due_date, company_id,
                              ticket_id, recurrence, created_by, completed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $12 THEN now() - interval '1 day' END)
           RETURNING id`,
          [
            boardId,
            columnId,
            keys[index],
            task.title,
            task.description ?? '',
            task.priority ?? 'media',
            task.due === undefined ? null : addDays(day, task.due),
            taskCompany,
            task.ticket ? acmeTicket : null,
            task.recurrence ? JSON.stringify(task.recurrence) : null,
            users[GESTOR] ?? null,
            done,
          ],
        );
        const taskId = inserted[0]!.id;
        if (task.key) taskIds.set(task.key, taskId);
        const people = (task.assignees ?? [])
          .map((email) => users[email])
          .filter((id): id is number => id !== undefined);
        for (const userId of people) {
          await tx.query('INSERT INTO task_assignees (task_id, user_id) VALUES ($1, $2)', [taskId, userId]);
          await tx.query(
            'INSERT INTO task_watchers (task_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [taskId, userId],
          );
        }
        for (const label of task.labels ?? []) {
          await tx.query('INSERT INTO task_label_links (task_id, label_id) VALUES ($1, $2)', [
            taskId,
            labelIds.get(label),
          ]);
        }
        const items = task.checklist ?? [];
        const itemKeys = orderKeysBetween(null, null, items.length);
        for (const [itemIndex, [text, checked]] of items.entries()) {
          await tx.query(
            `INSERT INTO task_checklist_items (task_id, text, done, position, done_at, done_by)
             VALUES ($1, $2, $3, $4, CASE WHEN $3 THEN now() END, CASE WHEN $3 THEN $5::int END)`,
            [taskId, text, checked, itemKeys[itemIndex], people[0] ?? null],
          );
        }
        if (task.comment) {
          const author = users[task.comment[0]];
          if (author)
            await tx.query('INSERT INTO task_comments (task_id, author_id, body) VALUES ($1, $2, $3)', [
              taskId,
              author,
              task.comment[1],
            ]);
        }
        await tx.query(
          "INSERT INTO task_activity (task_id, actor_id, action, field, to_value) VALUES ($1, $2, 'created', 'column', $3)",
          [taskId, users[GESTOR] ?? null, columns[columnIndex]!.name],
        );
      }
    }
    for (const task of tasks) {
      if (!task.blockedBy || !task.key) continue;
      await tx.query(
        "INSERT INTO task_links (kind, source_id, target_id, created_by) VALUES ('bloqueia', $1, $2, $3)",
        [taskIds.get(task.blockedBy), taskIds.get(task.key), users[GESTOR] ?? null],
      );
    }
  };

  await board(
    'Operações internas',
    'O trabalho da própria equipe: infraestrutura, segurança e rotinas do escritório.',
    null,
    'interna',
    [
      { name: 'Backlog', color: 'gray', group: 'backlog' },
      { name: 'A fazer', color: 'blue', group: 'a_fazer' },
      { name: 'Em andamento', color: 'amber', group: 'em_andamento', wip: { limit: 3, mode: 'bloqueio' } },
      { name: 'Concluído', color: 'green', group: 'concluido' },
    ],
    [
      {
        title: 'Avaliar troca do firewall do escritório',
        column: 0,
        priority: 'baixa',
        labels: ['Rede', 'Segurança'],
      },
      {
        title: 'Documentar o procedimento de restauração',
        column: 0,
        priority: 'media',
        labels: ['Backup', 'Melhoria'],
      },
      { title: 'Padronizar nomes das estações', column: 0, priority: 'nenhuma', labels: ['Melhoria'] },
      {
        title: 'Verificar backups diários',
        column: 1,
        priority: 'alta',
        due: 0,
        assignees: [TECNICO],
        labels: ['Backup'],
        recurrence: { frequency: 'dias_uteis', interval: 1 },
        checklist: [
          ['Conferir o relatório do job noturno', false],
          ['Registrar falhas no chamado do cliente', false],
        ],
        description: 'Todo dia útil (feriados nacionais não contam): conferir os jobs de backup da noite.',
      },
      {
        key: 'vlan',
        title: 'Migrar a VLAN de visitantes',
        column: 1,
        priority: 'media',
        due: 3,
        assignees: [TECNICO],
        labels: ['Rede'],
        blockedBy: 'switch',
        description: 'Depende da troca do switch do segundo andar (#switch).',
      },
      {
        title: 'Renovar certificados TLS do portal',
        column: 1,
        priority: 'urgente',
        due: -1,
        assignees: [ADMIN],
        labels: ['Segurança', 'Servidores'],
      },
      {
        title: 'Reunião semanal da equipe',
        column: 1,
        priority: 'baixa',
        due: 2,
        assignees: [GESTOR],
        recurrence: { frequency: 'semanal', interval: 1, weekdays: [1] },
      },
      {
        key: 'switch',
        title: 'Trocar o switch do segundo andar',
        column: 2,
        priority: 'alta',
        due: 1,
        assignees: [TECNICO, GESTOR],
        labels: ['Rede'],
        checklist: [
          ['Comprar o switch', true],
          ['Agendar a janela de manutenção', true],
          ['Migrar os cabos', false],
        ],
        comment: [GESTOR, 'A janela de manutenção ficou para sexta às 19h. @tecnico confirma?'],
      },
      {
        title: 'Atualizar o hipervisor de homologação',
        column: 2,
        priority: 'media',
        due: 4,
        assignees: [TECNICO],
        labels: ['Servidores'],
      },
      {
        title: 'Revisar as regras de senha do AD',
        column: 2,
        priority: 'alta',
        due: -2,
        assignees: [ADMIN],
        labels: ['Segurança'],
      },
      { title: 'Inventário de notebooks 2026', column: 3, priority: 'baixa', assignees: [TECNICO] },
      {
        title: 'Configurar MFA para a equipe',
        column: 3,
        priority: 'alta',
        assignees: [ADMIN],
        labels: ['Segurança'],
      },
    ],
    [['Melhoria', 'green']],
  );

  const onboarding = TASK_TEMPLATES.find((template) => template.key === 'onboarding-cliente')!;
  await board(
    'Onboarding Acme',
    'Entrada da Acme no contrato de suporte gerenciado.',
    acme,
    'cliente',
    [
      { name: 'A fazer', color: 'blue', group: 'a_fazer' },
      { name: 'Em andamento', color: 'amber', group: 'em_andamento', wip: { limit: 2, mode: 'aviso' } },
      { name: 'Aguardando cliente', color: 'violet', group: 'em_andamento' },
      { name: 'Concluído', color: 'green', group: 'concluido' },
    ],
    [
      ...onboarding.tasks.map((item, index): SeedTask => ({
        title: item.title,
        column: index === 0 ? 3 : index <= 2 ? 1 : index === 3 ? 2 : 0,
        priority: item.priority,
        due: item.due_in_days === null ? undefined : item.due_in_days - 5,
        assignees: index % 2 === 0 ? [TECNICO] : [GESTOR],
        labels: ['Cliente'],
        checklist: item.checklist.map((text, itemIndex) => [
          text,
          index === 0 || (index <= 2 && itemIndex === 0),
        ]),
      })),
      {
        title: 'Liberar acesso à VPN para a filial Campinas',
        column: 1,
        priority: 'alta',
        due: 0,
        assignees: [TECNICO],
        labels: ['Rede', 'Cliente'],
        ticket: true,
        description: 'Aberta a partir do chamado da Acme: a filial precisa da VPN antes da migração.',
      },
    ],
  );

  await board(
    'Manutenção mensal',
    'A rotina preventiva de cada cliente, todo mês.',
    null,
    'interna',
    [
      { name: 'A fazer', color: 'blue', group: 'a_fazer' },
      { name: 'Em andamento', color: 'amber', group: 'em_andamento' },
      { name: 'Concluído', color: 'green', group: 'concluido' },
      { name: 'Cancelado', color: 'gray', group: 'cancelado' },
    ],
    [
      {
        title: 'Relatório mensal — Acme',
        column: 0,
        priority: 'media',
        due: 6,
        company: 'Acme',
        assignees: [GESTOR],
        recurrence: { frequency: 'primeiro_dia_util', interval: 1 },
        description: 'Todo primeiro dia útil do mês: enviar o relatório de chamados e manutenções.',
      },
      {
        title: 'Relatório mensal — Globex',
        column: 0,
        priority: 'media',
        due: 6,
        company: 'Globex',
        assignees: [GESTOR],
        recurrence: { frequency: 'primeiro_dia_util', interval: 1 },
      },
      {
        title: 'Atualizações de segurança — Acme',
        column: 0,
        priority: 'alta',
        due: 1,
        company: 'Acme',
        assignees: [TECNICO],
        labels: ['Segurança'],
      },
      {
        title: 'Atualizações de segurança — Globex',
        column: 1,
        priority: 'alta',
        due: -1,
        company: 'Globex',
        assignees: [TECNICO],
        labels: ['Segurança'],
      },
      {
        title: 'Verificar backups — Acme',
        column: 1,
        priority: 'alta',
        due: 2,
        company: 'Acme',
        assignees: [TECNICO],
        labels: ['Backup'],
      },
      {
        title: 'Verificar backups — Globex',
        column: 2,
        priority: 'alta',
        company: 'Globex',
        assignees: [TECNICO],
        labels: ['Backup'],
      },
      {
        title: 'Conferir espaço em disco — Acme',
        column: 2,
        priority: 'media',
        company: 'Acme',
        assignees: [TECNICO],
        labels: ['Servidores'],
      },
      {
        title: 'Revisar alertas do antivírus — Globex',
        column: 0,
        priority: 'media',
        due: 5,
        company: 'Globex',
        assignees: [ADMIN],
        labels: ['Segurança'],
      },
      {
        title: 'Trocar fita de backup — Globex',
        column: 3,
        priority: 'baixa',
        company: 'Globex',
        labels: ['Backup'],
        description: 'Cancelada: o cliente migrou para backup em nuvem.',
      },
    ],
  );
};
