import { createTaskHandlers, createTaskMock, taskFixtures, taskHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectToast } from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalLoaders, portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Task board',
  ...portalMeta,
  // The board's chunks (drag and drop, the side panel) are big in the dev server: fetched before the story so a
  // busy machine does not spend the play's wait on them.
  loaders: [
    ...portalLoaders,
    async () => {
      await Promise.all([
        import('../../apps/portal/src/features/tasks/board/board-page'),
        import('../../apps/portal/src/features/tasks/panel/task-panel'),
        import('../../apps/portal/src/features/tasks/board/board-settings'),
      ]);
      return {};
    },
  ],
  args: { path: '/tasks/board/1', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

// Board 1 "Operações internas": Backlog (#1), A fazer (#2, #3), Em andamento (#4, #5, #6: past its aviso
// limit of 2), Concluído (#7). Board 2 "Implantação Acme": Em andamento holds its bloqueio limit of 2 and #9
// is blocked by #8. Board 3 "Manutenção mensal": recurring tasks.

const liveRegion = () => document.querySelector<HTMLElement>('[id^="DndLiveRegion"]');
const expectAnnounced = (text: string | RegExp) =>
  waitFor(() => expect(liveRegion()?.textContent ?? '').toMatch(text));
const cell = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('group', { name });
const titlesIn = (element: HTMLElement) =>
  [...element.querySelectorAll('[data-slot=task-card-opener]')].map((node) =>
    (node.textContent ?? '').replace(/^#\d+\s*/, ''),
  );
const opener = (canvasElement: HTMLElement, name: RegExp) =>
  within(canvasElement).getByRole('button', { name });

/** The board is on screen (its name as the page heading, its region drawn). */
async function boardReady(canvasElement: HTMLElement, name = 'Operações internas', kanban = true) {
  const canvas = within(canvasElement);
  // The first story of a run waits for the dev server to compile the board's code.
  await expect(await canvas.findByRole('heading', { level: 1, name }, { timeout: 15_000 })).toBeVisible();
  if (kanban) await canvas.findByRole('region', { name: `Quadro ${name}` });
}

/** Picks a card up with Space, presses the arrow keys, drops with Space (keyboard only). */
async function keyboardMove(canvasElement: HTMLElement, card: RegExp, keys: string[]) {
  opener(canvasElement, card).focus();
  await userEvent.keyboard('[Space]');
  await expectAnnounced(/levantada/);
  for (const key of keys) {
    const before = liveRegion()?.textContent;
    await userEvent.keyboard(`{${key}}`);
    await waitFor(() => expect(liveRegion()?.textContent).not.toBe(before));
  }
  await userEvent.keyboard('[Space]');
}

/** The full board: columns in order with their cards, counts, the filters and the view switch. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await expect(titlesIn(cell(canvasElement, 'A fazer'))).toEqual([
      'Renovar o certificado SSL do portal',
      'Trocar o toner da impressora da recepção',
    ]);
    await expect(titlesIn(cell(canvasElement, 'Em andamento'))).toHaveLength(3);
    await expect(canvas.getByText('7 tarefas no quadro')).toBeVisible();
    for (const name of ['Responsável', 'Etiqueta', 'Prioridade', 'Prazo'])
      await expect(canvas.getByRole('combobox', { name })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Quadro' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('searchbox', { name: 'Buscar tarefas' })).toBeVisible();
  },
};

/** A board with no cards: every column says so and still offers quick add. */
export const EmptyBoard: Story = {
  parameters: {
    msw: {
      handlers: {
        tasks: createTaskHandlers({
          state: () => ({ ...taskFixtures.state(), tasks: [], links: [], checklist: [] }),
        }),
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await expect(canvas.getAllByText('Nenhuma tarefa')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Adicionar tarefa em Backlog' })).toBeVisible();
    await expect(canvas.getByText('0 tarefas no quadro')).toBeVisible();
  },
};

/** 'aviso': Em andamento holds 3 against a limit of 2 (counted over the whole column); the header says so. */
export const WipWarning: Story = {
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    const warnings = await canvas.findAllByText('A coluna Em andamento passou do limite: 3 de 2 tarefas.');
    await expect(warnings[0]).toBeVisible();
    await expect(warnings[0]!.closest('[data-slot=board-column-header]')).toHaveAttribute('data-wip', 'over');
  },
};

/** 'bloqueio': the drop into a full Em andamento is refused, the card goes back and the reason is read out. */
export const WipBlock: Story = {
  args: { path: '/tasks/board/2' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement, 'Implantação Acme');
    await keyboardMove(canvasElement, /Migrar a base do ERP/, ['ArrowRight']);
    const reason = 'A coluna Em andamento está no limite de 2 tarefas e não aceita mais nenhuma.';
    await expectAnnounced(
      `Movimento recusado. Tarefa #8 Migrar a base do ERP para o novo servidor voltou ao lugar: ${reason}`,
    );
    await expect(await canvas.findByText(`Movimento recusado: ${reason}`)).toBeVisible();
    await expect(titlesIn(cell(canvasElement, 'A fazer'))).toEqual([
      'Migrar a base do ERP para o novo servidor',
    ]);
  },
};

/** Keyboard only: Space, an arrow, Space; the move is saved (the server's answer keeps it there). */
export const KeyboardDrag: Story = {
  play: async ({ canvasElement }) => {
    await boardReady(canvasElement);
    await keyboardMove(canvasElement, /Documentar a topologia da rede/, ['ArrowRight']);
    await expectAnnounced(/Documentar a topologia da rede solta na coluna A fazer/);
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'A fazer'))).toContain('Documentar a topologia da rede'),
    );
    await expect(titlesIn(cell(canvasElement, 'Backlog'))).toEqual([]);
    // After the refresh that follows the write, the card is still there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(titlesIn(cell(canvasElement, 'A fazer'))).toContain('Documentar a topologia da rede');
  },
};

const centre = (element: Element) => {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 60) };
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** By mouse: the lifted card follows the pointer, the original is dimmed, the drop moves and saves it. */
export const Dragging: Story = {
  play: async ({ canvasElement }) => {
    await boardReady(canvasElement);
    const source = opener(canvasElement, /Documentar a topologia da rede/).closest('[data-slot=board-card]')!;
    const target = cell(canvasElement, 'Concluído');
    const from = centre(source);
    const to = centre(target);
    source.dispatchEvent(
      new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: from.x, clientY: from.y }),
    );
    for (let step = 1; step <= 12; step += 1) {
      document.dispatchEvent(
        new MouseEvent('mousemove', {
          bubbles: true,
          clientX: from.x + ((to.x - from.x) * step) / 12,
          clientY: from.y + ((to.y - from.y) * step) / 12,
        }),
      );
      await nextFrame();
    }
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot=board]')).toHaveAttribute('data-dragging', 'true'),
    );
    await expect(source).toHaveAttribute('data-dragging', 'true');
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: to.x, clientY: to.y }));
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'Concluído'))).toContain('Documentar a topologia da rede'),
    );
  },
};

/** Someone moved the card first: the server answers 409, the card goes where it now is and a toast says so. */
export const ConflictToast: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.conflictOnMove() } } },
  play: async ({ canvasElement }) => {
    await boardReady(canvasElement);
    await keyboardMove(canvasElement, /Documentar a topologia da rede/, ['ArrowRight']);
    await expectToast('Esta tarefa foi movida por outra pessoa. Mostramos a posição mais recente.');
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'Concluído'))).toContain('Documentar a topologia da rede'),
    );
    await expect(titlesIn(cell(canvasElement, 'A fazer'))).not.toContain('Documentar a topologia da rede');
  },
};

/** "Bloqueada por #8": moving #9 to Concluído asks first; confirming moves it. */
export const BlockedTask: Story = {
  args: { path: '/tasks/board/2' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement, 'Implantação Acme');
    const card = opener(canvasElement, /Reinstalar o emissor/).closest(
      '[data-slot=task-card]',
    ) as HTMLElement;
    await expect(within(card).getByText('Bloqueada por #8')).toBeVisible();
    await keyboardMove(canvasElement, /Reinstalar o emissor/, ['ArrowRight']);
    const dialog = await screen.findByRole('alertdialog', { name: 'Concluir tarefa bloqueada?' });
    await expect(dialog).toHaveTextContent('A tarefa #9 está bloqueada por #8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir mesmo assim' }));
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'Concluído'))).toContain('Reinstalar o emissor de notas fiscais'),
    );
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
  },
};

/** A recurring task completed: the next occurrence appears in the column it left, and a toast says when. */
export const Recurring: Story = {
  args: { path: '/tasks/board/3' },
  play: async ({ canvasElement }) => {
    await boardReady(canvasElement, 'Manutenção mensal');
    const card = opener(canvasElement, /Verificar os backups/).closest(
      '[data-slot=task-card]',
    ) as HTMLElement;
    await expect(card).toHaveTextContent(/primeiro dia útil/i);
    await keyboardMove(canvasElement, /Verificar os backups/, ['ArrowRight']);
    await expectToast(/Próxima ocorrência criada: #14/);
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'A fazer'))).toContain('Verificar os backups de todos os clientes'),
    );
    await expect(titlesIn(cell(canvasElement, 'Concluído'))).toContain(
      'Verificar os backups de todos os clientes',
    );
  },
};

/** A task's side panel: fields, Markdown description with #links, checklist progress, comments and history. */
export const SidePanel: Story = {
  args: { path: '/tasks/board/1?tarefa=4' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Atualizar o firmware do firewall' });
    await expect(
      within(dialog).getByRole('heading', { name: 'Atualizar o firmware do firewall' }),
    ).toBeVisible();
    const progress = within(dialog).getByRole('progressbar', { name: 'Progresso do checklist' });
    await expect(progress).toHaveAttribute('aria-valuetext', '2 de 3 itens concluídos');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /Aplicar fora do horário comercial/ }),
    );
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '3 de 3 itens concluídos'));
    const comments = await within(dialog).findByRole('list', { name: /Comentários/ });
    await expect(within(comments).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(comments).getByText('@carla.mendes')).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Novo comentário' }),
      'Agendado para quinta, @bruno.lima.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(within(comments).getAllByRole('listitem')).toHaveLength(3));
    await expect(within(dialog).getByRole('list', { name: 'Histórico' })).toHaveTextContent(
      'moveu de A fazer para Em andamento',
    );
    await expect(within(dialog).getByRole('link', { name: /#2 Renovar o certificado SSL/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The side panel of task #2 (fresh data each story), once it is open. */
async function openPanelOfTask2() {
  return screen.findByRole('dialog', { name: 'Renovar o certificado SSL do portal' }, { timeout: 10_000 });
}

/** The side panel edits the estimate (refused when unreadable), the recurrence and the company. */
export const SidePanelFields: Story = {
  args: { path: '/tasks/board/1?tarefa=2' },
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async () => {
    const dialog = await openPanelOfTask2();
    const estimate = within(dialog).getByRole('textbox', { name: 'Estimativa' });
    await userEvent.clear(estimate);
    await userEvent.type(estimate, 'duas horas{Enter}');
    await expect(
      await within(dialog).findByText('Use horas e minutos, por exemplo 1h30 ou 45min.'),
    ).toBeVisible();
    await userEvent.clear(estimate);
    await userEvent.type(estimate, '1h30{Enter}');
    await waitFor(() => expect(within(dialog).getByText('1h30')).toBeVisible());

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Recorrência' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todo primeiro dia útil do mês' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Recorrência' })).toHaveTextContent(
        'Todo primeiro dia útil do mês',
      ),
    );

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Empresa' }));
    const company = (await screen.findAllByRole('option'))[1]!;
    const companyName = company.textContent ?? '';
    await userEvent.click(company);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Empresa' })).toHaveTextContent(companyName),
    );
  },
};

/** Files go to the chamados' storage, are listed with their size and who sent them, and can be removed. */
export const SidePanelFiles: Story = {
  args: { path: '/tasks/board/1?tarefa=2' },
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async () => {
    const dialog = await openPanelOfTask2();
    await expect(within(dialog).getByText('Nenhum arquivo. Imagens ou PDF, até 10 MB cada.')).toBeVisible();
    await userEvent.upload(
      within(dialog).getByLabelText('Arquivos para anexar'),
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'certificado-atual.png', {
        type: 'image/png',
      }),
    );
    const files = await within(dialog).findByRole('list', { name: 'Arquivos da tarefa' });
    await expect(within(files).getByRole('button', { name: 'certificado-atual.png' })).toBeVisible();
    await expect(files).toHaveTextContent(/1 KB · \S/);
    await userEvent.click(within(files).getByRole('button', { name: 'Remover certificado-atual.png' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('list', { name: 'Arquivos da tarefa' })).toBeNull(),
    );
  },
};

/** The description's #4 opens that task; the chamado of a task links to it. */
export const SidePanelReferences: Story = {
  args: { path: '/tasks/board/1?tarefa=2' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Renovar o certificado SSL do portal' });
    const link = within(dialog).getByRole('link', { name: 'tarefa #4: Atualizar o firmware do firewall' });
    await expect(link).toHaveAttribute('href', '/tasks/board/1?tarefa=4');
    await userEvent.click(link);
    await expect(
      await screen.findByRole('dialog', { name: 'Atualizar o firmware do firewall' }),
    ).toBeVisible();
  },
};

/** The same cards as a table, filtered by the URL. */
export const ListView: Story = {
  args: { path: '/tasks/board/1?visao=lista' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement, 'Operações internas', false);
    const region = await canvas.findByRole('region', { name: 'Tarefas de Operações internas' });
    const table = within(region).getByRole('table');
    await expect(table).toHaveAttribute('aria-rowcount', '8');
    await expect(canvas.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(table).getByRole('button', { name: /Atualizar o firmware do firewall/ }));
    await expect(
      await screen.findByRole('dialog', { name: 'Atualizar o firmware do firewall' }),
    ).toBeVisible();
  },
};

/** Due days on a month calendar; the task due today sits on today. */
export const CalendarView: Story = {
  args: { path: '/tasks/board/1?visao=calendario' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement, 'Operações internas', false);
    await expect(
      await canvas.findByRole('button', { name: '#2 Renovar o certificado SSL do portal' }),
    ).toBeVisible();
    await expect(canvas.getByText('3 tarefas sem prazo.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Calendário' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Filters from the URL; clearing them shows every card again. */
export const Filtered: Story = {
  args: { path: '/tasks/board/1?prioridade=urgente' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await expect(canvas.getByText('1 de 7 tarefas no quadro')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Prioridade' })).toHaveTextContent('Urgente');
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(await canvas.findByText('7 tarefas no quadro')).toBeVisible();
  },
};

/** Text search with no match says so and offers to clear it. */
export const NothingFound: Story = {
  args: { path: '/tasks/board/1?q=xyz' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement, 'Operações internas', false);
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma tarefa encontrada' })).toBeVisible();
  },
};

/** Swimlanes by responsável: one lane per person. */
export const Swimlanes: Story = {
  args: { path: '/tasks/board/1?raias=responsavel' },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /^Carla Mendes \(/ })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Em andamento, Bruno Lima' })).toBeVisible();
  },
};

/** Quick add at the top of a column. */
export const QuickAdd: Story = {
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar tarefa em A fazer' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Adicionar tarefa em A fazer' }),
      'Trocar cabo do rack{Enter}',
    );
    await expectToast('Tarefa #14 criada.');
    await waitFor(() => expect(titlesIn(cell(canvasElement, 'A fazer'))[0]).toBe('Trocar cabo do rack'));
  },
};

const liveBoard = createTaskMock();

/** Another person's move arrives live; the board room was joined and who else is viewing is shown. */
export const LiveMove: Story = {
  parameters: { msw: { handlers: { tasks: liveBoard.handlers } } },
  play: async (context) => {
    const { canvas, canvasElement } = context;
    await boardReady(canvasElement);
    const realtime = realtimeOf(context);
    await waitFor(() =>
      expect(realtime.emits).toContainEqual({ event: 'board:join', payload: { boardId: 1 } }),
    );
    realtime.emitServerEvent('board:presence', {
      boardId: 1,
      viewers: [
        { id: 1, name: 'Ana Souza' },
        { id: 2, name: 'Bruno Lima' },
      ],
    });
    await expect(await canvas.findByText('Também vendo: Bruno Lima')).toBeInTheDocument();
    realtime.emitServerEvent('task:moved', liveBoard.database.moved(3, 14));
    await waitFor(() =>
      expect(titlesIn(cell(canvasElement, 'Concluído'))).toContain(
        'Trocar o toner da impressora da recepção',
      ),
    );
  },
};

/** Opens Configurar quadro (on its Colunas tab) and answers the dialog and its list of columns. */
async function openColumnSettings(canvasElement: HTMLElement) {
  await boardReady(canvasElement);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Configurar quadro' }));
  const dialog = await screen.findByRole('dialog', { name: 'Configurar quadro' }, { timeout: 10_000 });
  return { dialog, list: within(dialog).getByRole('list', { name: 'Colunas do quadro' }) };
}

/** Configurar quadro, Colunas: a new column (its name required) with a bloqueio WIP limit joins the board. */
export const ColumnCreate: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvasElement }) => {
    const { dialog, list } = await openColumnSettings(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nova coluna' }));
    const form = within(dialog).getByRole('form', { name: 'Nova coluna' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Nome da coluna/ }), 'QA');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Limite WIP' }), '2');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Modo do limite' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bloqueio' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Criar coluna' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await expect(within(list).getByText(/WIP 2 \(bloqueio\)/)).toBeVisible();
    // The board behind the dialog (hidden from assistive technology while it is open) has the new column.
    await expect(within(canvasElement).getByRole('group', { name: 'QA', hidden: true })).toBeInTheDocument();
  },
};

/** Configurar quadro, Colunas: a column without a name is not sent; the field says why. */
export const ColumnNameRequired: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvasElement }) => {
    const { dialog, list } = await openColumnSettings(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nova coluna' }));
    const form = within(dialog).getByRole('form', { name: 'Nova coluna' });
    await userEvent.click(within(form).getByRole('button', { name: 'Criar coluna' }));
    await expect(await within(form).findByText('Informe o nome da coluna')).toBeVisible();
    await expect(within(form).getByRole('textbox', { name: /Nome da coluna/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  },
};

/** Configurar quadro, Colunas: a column moves one place (one key written) and the board follows. */
export const ColumnReorder: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvasElement }) => {
    const { dialog, list } = await openColumnSettings(canvasElement);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Mover coluna Concluído para a esquerda' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Concluído'));
    const headings = within(canvasElement)
      .getAllByRole('heading', { level: 3, hidden: true })
      .map((heading) => heading.textContent);
    await expect(headings.indexOf('Concluído')).toBeLessThan(headings.indexOf('Em andamento'));
  },
};

/** Configurar quadro, Colunas: a column with tasks goes only once told where they go, and they go there. */
export const ColumnDelete: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvasElement }) => {
    const { dialog, list } = await openColumnSettings(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir coluna A fazer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a coluna A fazer?' });
    await expect(within(confirm).getByText(/Ela tem 2 tarefas/)).toBeVisible();
    await userEvent.click(within(confirm).getByRole('combobox', { name: 'Mover as tarefas para' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Em andamento' }));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir coluna' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() =>
      expect(
        titlesIn(within(canvasElement).getByRole('group', { name: 'Em andamento', hidden: true })),
      ).toContain('Renovar o certificado SSL do portal'),
    );
  },
};

/** Configurar quadro, Modelos: "Manutenção mensal" puts its tasks, with their checklists, at the top of A fazer. */
export const TemplateApply: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvasElement }) => {
    await boardReady(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Configurar quadro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar quadro' }, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Modelos' }));
    const form = await within(dialog).findByRole('form', { name: 'Aplicar modelo' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Manutenção mensal' }));
    await expect(
      within(form).getByRole('list', { name: 'Tarefas do modelo Manutenção mensal' }),
    ).toHaveTextContent('Aplicar atualizações de segurança');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Coluna' }));
    await userEvent.click(await screen.findByRole('option', { name: 'A fazer' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Aplicar modelo' }));
    await expectToast(/tarefas criadas com o modelo Manutenção mensal/);
    await waitFor(() =>
      expect(titlesIn(within(canvasElement).getByRole('group', { name: 'A fazer', hidden: true }))).toContain(
        'Aplicar atualizações de segurança',
      ),
    );
  },
};

/** Configurar quadro, Etiquetas: a label of this board under a global parent; a duplicate name is refused. */
export const LabelSettings: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers() } } },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Configurar quadro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar quadro' }, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Etiquetas' }));
    const list = await within(dialog).findByRole('list', { name: 'Etiquetas' });
    const before = within(list).getAllByRole('listitem').length;
    const existing = within(list).getAllByRole('listitem')[0]!.textContent ?? '';

    await userEvent.click(within(dialog).getByRole('button', { name: 'Nova etiqueta' }));
    const form = within(dialog).getByRole('form', { name: 'Nova etiqueta' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Nome da etiqueta/ }), 'Firewall');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Etiqueta mãe' }));
    const parent = (await screen.findAllByRole('option'))[1]!;
    const parentName = parent.textContent ?? '';
    await userEvent.click(parent);
    await userEvent.click(within(form).getByRole('button', { name: 'Criar etiqueta' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(before + 1));
    await expect(within(list).getByText(`${parentName} › Firewall`)).toBeVisible();
    await expect(existing).not.toBe('');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Nova etiqueta' }));
    const again = within(dialog).getByRole('form', { name: 'Nova etiqueta' });
    await userEvent.type(within(again).getByRole('textbox', { name: /Nome da etiqueta/ }), 'Firewall');
    await userEvent.click(within(again).getByRole('button', { name: 'Criar etiqueta' }));
    await expect(await within(again).findByText(/Já existe uma etiqueta com este nome aqui/)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Carregando quadro…')).toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: /^Quadro / })).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.failing() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Não foi possível carregar o quadro' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Você não tem acesso a este quadro' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { path: '/tasks/board/99' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Quadro não encontrado' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Voltar para Tarefas' })).toHaveAttribute('href', '/tasks');
  },
};

/** 300 more cards: columns scroll, nothing overflows the page. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { tasks: createTaskHandlers({ extraTasks: 300 }) } } },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await expect(await canvas.findByText('307 tarefas no quadro')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** On a phone one column shows at a time, chosen from a list. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    await boardReady(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Coluna' }));
    await userEvent.click(await screen.findByRole('option', { name: /^A fazer/ }));
    await expect(canvas.getByRole('heading', { name: 'A fazer' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
