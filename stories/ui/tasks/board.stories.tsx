import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Board, type BoardProps, type BoardTaskView } from '@farol/ui/tasks';
import { applyMove, columns, lanesByAssignee, manyTasks, sampleTasks, TODAY } from './task-fixtures';

/** The board with the app's side played by story state: moves and quick adds change the tasks. */
function StatefulBoard({ tasks: initial, onMove, onQuickAdd, ...props }: BoardProps) {
  const [tasks, setTasks] = useState(initial);
  return (
    <div className="p-4">
      <Board
        {...props}
        tasks={tasks}
        onMove={(event) => {
          setTasks((current) => applyMove(current, event));
          onMove?.(event);
        }}
        onQuickAdd={
          onQuickAdd
            ? (event) => {
                setTasks((current) => [
                  {
                    id: `new-${current.length + 1}`,
                    number: `#T-${900 + current.length}`,
                    title: event.title,
                    columnId: event.columnId,
                  },
                  ...current,
                ]);
                onQuickAdd(event);
              }
            : undefined
        }
      />
    </div>
  );
}

const meta = {
  title: 'UI/Tasks/Board',
  component: StatefulBoard,
  args: {
    columns,
    tasks: sampleTasks,
    today: TODAY,
    onMove: fn(),
    onOpen: fn(),
    onRefuse: fn(),
    onQuickAdd: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StatefulBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

const liveRegion = () => document.querySelector<HTMLElement>('[id^="DndLiveRegion"]');
const expectAnnounced = (text: string | RegExp) =>
  waitFor(() => expect(liveRegion()?.textContent ?? '').toMatch(text));
const opener = (canvasElement: HTMLElement, name: RegExp) =>
  within(canvasElement).getByRole('button', { name });
const cell = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('group', { name });
const cardTitles = (element: HTMLElement) =>
  [...element.querySelectorAll('[data-slot=task-card-opener]')].map((node) =>
    node.textContent?.replace(/^#T-\d+ /, ''),
  );

/** A board with no cards: every column says so and still offers quick add. */
export const Empty: Story = {
  args: { tasks: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Quadro de tarefas' })).toBeVisible();
    await expect(canvas.getAllByText('Nenhuma tarefa')).toHaveLength(columns.length);
    for (const column of columns) {
      await expect(canvas.getByRole('heading', { name: column.name })).toBeVisible();
      await expect(canvas.getByRole('button', { name: `Adicionar tarefa em ${column.name}` })).toBeVisible();
    }
  },
};

/** The sample board: cards in their columns, counts and limits in the headers; a click opens a card. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(cardTitles(cell(canvasElement, 'A fazer'))).toEqual([
      'Trocar toner da impressora do financeiro',
      'Atualizar firmware do switch do 2º andar',
    ]);
    await expect(canvas.getByText('2 tarefas')).toBeInTheDocument();
    await expect(canvas.getByText('2 de 3 tarefas (limite), limite de aviso')).toBeInTheDocument();
    await userEvent.click(opener(canvasElement, /Verificar backup semanal/));
    await expect(args.onOpen).toHaveBeenCalledWith('t4');
    // Enter opens too (Space is for picking the card up).
    opener(canvasElement, /Renovar licenças/).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenLastCalledWith('t3');
  },
};

const overLimit: BoardTaskView[] = [
  ...sampleTasks,
  { id: 'x1', number: '#T-120', title: 'Migrar e-mails', columnId: 'doing' },
  { id: 'x2', number: '#T-121', title: 'Testar nobreak', columnId: 'doing' },
];

/** 'aviso': the column passed its limit of 3; its header turns amber and says so, moves are still allowed. */
export const WipWarning: Story = {
  args: { tasks: overLimit },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const warning = await canvas.findByText('A coluna Em andamento passou do limite: 4 de 3 tarefas.');
    await expect(warning).toBeVisible();
    await expect(warning.closest('[data-slot=board-column-header]')).toHaveAttribute('data-wip', 'over');
    await expect(canvas.getByText('4/3')).toBeVisible();
  },
};

/** Picks a card up with Space, presses the arrow keys, drops with Space. */
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

/** 'bloqueio': Revisão holds its limit of 2, so a card dropped there goes back, and the reason is shown and read. */
export const WipBlock: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2/2')).toBeVisible();
    await keyboardMove(canvasElement, /Instalar servidor de arquivos novo/, ['ArrowRight']);
    await expectAnnounced(
      'Movimento recusado. Tarefa #T-105 Instalar servidor de arquivos novo voltou ao lugar: A coluna Revisão está no limite de 2 tarefas e não aceita mais nenhuma.',
    );
    await expect(
      await canvas.findByText(
        'Movimento recusado: A coluna Revisão está no limite de 2 tarefas e não aceita mais nenhuma.',
      ),
    ).toBeVisible();
    await expect(args.onMove).not.toHaveBeenCalled();
    await expect(args.onRefuse).toHaveBeenCalledWith({
      taskId: 't5',
      toColumnId: 'review',
      reason: 'A coluna Revisão está no limite de 2 tarefas e não aceita mais nenhuma.',
    });
    await expect(cardTitles(cell(canvasElement, 'Em andamento'))).toContain(
      'Instalar servidor de arquivos novo',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Dispensar aviso' }));
    await expect(canvas.queryByText(/^Movimento recusado:/)).not.toBeInTheDocument();
  },
};

/** The app's own rule (`canDrop`) refuses too: a blocked task may not go to Concluído. */
export const CanDropRule: Story = {
  args: {
    canDrop: (task, column) =>
      column.id === 'done' && (task.blockedBy?.length ?? 0) > 0 ? 'Tarefa bloqueada por outra.' : true,
    columns: columns.filter((column) => column.id !== 'review'),
  },
  play: async ({ canvasElement, args }) => {
    await keyboardMove(canvasElement, /Instalar servidor de arquivos novo/, ['ArrowRight']);
    await expectAnnounced(/voltou ao lugar: Tarefa bloqueada por outra\.$/);
    await expect(args.onMove).not.toHaveBeenCalled();
    await expect(
      await within(canvasElement).findByText('Movimento recusado: Tarefa bloqueada por outra.'),
    ).toBeVisible();
  },
};

/** Keyboard only: Space on a card, arrow right, Space: the card moves to the next column and it is read out. */
export const KeyboardDrag: Story = {
  play: async ({ canvasElement, args }) => {
    await keyboardMove(canvasElement, /Trocar toner da impressora/, ['ArrowRight']);
    await expectAnnounced(
      /^Tarefa #T-101 Trocar toner da impressora do financeiro solta na coluna Em andamento, posição \d de 3\.$/,
    );
    await expect(args.onMove).toHaveBeenCalledTimes(1);
    await expect(args.onMove).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: 't1', fromColumnId: 'todo', toColumnId: 'doing' }),
    );
    await waitFor(() =>
      expect(cardTitles(cell(canvasElement, 'Em andamento'))).toContain(
        'Trocar toner da impressora do financeiro',
      ),
    );
    await expect(cardTitles(cell(canvasElement, 'A fazer'))).toEqual([
      'Atualizar firmware do switch do 2º andar',
    ]);
    // Escape cancels a move and says so.
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Trocar toner/));
    await userEvent.keyboard('[Space]');
    await expectAnnounced(/levantada/);
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{Escape}');
    await expectAnnounced(
      'Movimento cancelado. Tarefa #T-101 Trocar toner da impressora do financeiro voltou para a coluna Em andamento.',
    );
    await expect(args.onMove).toHaveBeenCalledTimes(1);
  },
};

/** Keyboard inside a column: arrow down swaps a card with the next, and the event names its new neighbours. */
export const KeyboardReorder: Story = {
  play: async ({ canvasElement, args }) => {
    await keyboardMove(canvasElement, /Trocar toner da impressora/, ['ArrowDown']);
    await expect(args.onMove).toHaveBeenCalledWith({
      taskId: 't1',
      fromColumnId: 'todo',
      toColumnId: 'todo',
      beforeId: 't2',
      afterId: null,
    });
    await waitFor(() =>
      expect(cardTitles(cell(canvasElement, 'A fazer'))).toEqual([
        'Atualizar firmware do switch do 2º andar',
        'Trocar toner da impressora do financeiro',
      ]),
    );
  },
};

const centre = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** Drags with the mouse in small steps, as a hand does (dnd-kit reads mousedown/mousemove/mouseup). */
async function mouseDrag(
  source: Element,
  target: Element | { x: number; y: number },
  onTheWay?: () => Promise<void>,
) {
  const from = centre(source);
  const to = target instanceof Element ? centre(target) : target;
  source.dispatchEvent(
    new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: from.x, clientY: from.y }),
  );
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    document.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: x, clientY: y }));
    await nextFrame();
  }
  await onTheWay?.();
  document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: to.x, clientY: to.y }));
  await nextFrame();
}

/** Pointer drag: while dragging a lifted copy follows the mouse and the original is dimmed; the drop moves it. */
export const Dragging: Story = {
  play: async ({ canvasElement, args }) => {
    const source = opener(canvasElement, /Atualizar firmware do switch/).closest('[data-slot=board-card]')!;
    const target = cell(canvasElement, 'Backlog');
    await mouseDrag(source, target, async () => {
      await waitFor(() =>
        expect(canvasElement.querySelector('[data-slot=board]')).toHaveAttribute('data-dragging', 'true'),
      );
      await expect(source).toHaveAttribute('data-dragging', 'true');
      await expect(document.querySelectorAll('[data-slot=task-card]').length).toBe(sampleTasks.length + 1);
    });
    await waitFor(() => expect(args.onMove).toHaveBeenCalledTimes(1));
    await expect(args.onMove).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: 't2', fromColumnId: 'todo', toColumnId: 'backlog' }),
    );
    await waitFor(() =>
      expect(cardTitles(cell(canvasElement, 'Backlog'))).toContain(
        'Atualizar firmware do switch do 2º andar',
      ),
    );
    // The click that ends a drag does not open the card.
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

/**
 * Pointer drop between two cards of another column: held over the upper half of the second card, the card
 * lands between the first and the second (the column is marked as the target while the card is over it).
 */
export const DropBetweenCards: Story = {
  play: async ({ canvasElement, args }) => {
    const source = opener(canvasElement, /Trocar toner/).closest('[data-slot=board-card]')!;
    const second = opener(canvasElement, /Instalar servidor de arquivos/).closest('[data-slot=board-card]')!;
    const box = second.getBoundingClientRect();
    await mouseDrag(source, { x: box.left + box.width / 2, y: box.top + 12 }, async () => {
      await waitFor(() => expect(cell(canvasElement, 'Em andamento')).toHaveAttribute('data-over', 'true'));
      // A line between the two cards shows where the card lands.
      const line = document.querySelector<HTMLElement>('[data-slot=board-drop-indicator]');
      await expect(line).toBeVisible();
      const top = line!.getBoundingClientRect().top;
      await expect(top).toBeLessThan(second.getBoundingClientRect().top);
      await expect(top).toBeGreaterThan(
        opener(canvasElement, /Verificar backup semanal/).getBoundingClientRect().top,
      );
    });
    await expect(document.querySelector('[data-slot=board-drop-indicator]')).not.toBeVisible();
    await waitFor(() => expect(args.onMove).toHaveBeenCalledTimes(1));
    await expect(args.onMove).toHaveBeenCalledWith({
      taskId: 't1',
      fromColumnId: 'todo',
      toColumnId: 'doing',
      beforeId: 't4',
      afterId: 't5',
    });
    await waitFor(() =>
      expect(cardTitles(cell(canvasElement, 'Em andamento'))).toEqual([
        'Verificar backup semanal',
        'Trocar toner da impressora do financeiro',
        'Instalar servidor de arquivos novo',
      ]),
    );
  },
};

/** Pointer reorder inside a column: dropped below the card under it, the card moves after that card. */
export const PointerReorder: Story = {
  play: async ({ canvasElement, args }) => {
    const source = opener(canvasElement, /Verificar backup semanal/).closest('[data-slot=board-card]')!;
    const below = opener(canvasElement, /Instalar servidor de arquivos/).closest('[data-slot=board-card]')!;
    const box = below.getBoundingClientRect();
    await mouseDrag(source, { x: box.left + box.width / 2, y: box.bottom - 8 });
    await waitFor(() => expect(args.onMove).toHaveBeenCalledTimes(1));
    await expect(args.onMove).toHaveBeenCalledWith({
      taskId: 't4',
      fromColumnId: 'doing',
      toColumnId: 'doing',
      beforeId: 't5',
      afterId: null,
    });
    await waitFor(() =>
      expect(cardTitles(cell(canvasElement, 'Em andamento'))).toEqual([
        'Instalar servidor de arquivos novo',
        'Verificar backup semanal',
      ]),
    );
  },
};

/** Quick add: Enter creates the task at the top of the column and keeps the field open; Escape closes it. */
export const QuickAdd: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar tarefa em A fazer' }));
    const input = canvas.getByRole('textbox', { name: 'Adicionar tarefa em A fazer' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveAccessibleDescription('Enter cria, Esc cancela');
    await userEvent.keyboard('{Enter}');
    await expect(args.onQuickAdd).not.toHaveBeenCalled();
    await userEvent.type(input, '  Comprar cabos de rede  {Enter}');
    await expect(args.onQuickAdd).toHaveBeenCalledWith({
      columnId: 'todo',
      laneKey: null,
      title: 'Comprar cabos de rede',
    });
    await expect(cardTitles(cell(canvasElement, 'A fazer'))[0]).toBe('Comprar cabos de rede');
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'rascunho');
    await userEvent.keyboard('{Escape}');
    await expect(
      canvas.queryByRole('textbox', { name: 'Adicionar tarefa em A fazer' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Adicionar tarefa em A fazer' })).toHaveFocus();
    await expect(args.onQuickAdd).toHaveBeenCalledTimes(1);
  },
};

/** Swimlanes by assignee; the WIP count of a column adds up all its lanes. */
export const Swimlanes: Story = {
  args: {
    lanes: lanesByAssignee,
    tasks: manyTasks(40),
    columns: columns.map((column) => (column.id === 'doing' ? { ...column, wipLimit: 6 } : column)),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const ana = args.tasks.filter((task) => task.laneKey === 'u1').length;
    await expect(canvas.getByRole('heading', { name: `Ana Lima (${ana} tarefas)` })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Em andamento, Bruno Costa' })).toBeVisible();
    await expect(canvas.getByText('8/6')).toBeVisible();
    await expect(canvas.getByText('A coluna Em andamento passou do limite: 8 de 6 tarefas.')).toBeVisible();
    await keyboardMove(canvasElement, /#T-1006 /, ['ArrowDown']);
    await waitFor(() => expect(args.onMove).toHaveBeenCalledTimes(1));
  },
};

/** Long titles and many labels wrap inside the card; nothing spills out of the column. */
export const LongContent: Story = {
  args: {
    tasks: [
      {
        id: 'long',
        number: '#T-99999',
        title:
          'Substituir todos os cabos de rede do depósito de Guarulhos, refazer a identificação das tomadas e atualizar a planta no Confluence com as novas numerações antes da auditoria',
        columnId: 'todo',
        priority: 'urgente',
        labels: [
          { id: 'a', name: 'Infraestrutura de rede cabeada', color: '#38bdf8' },
          { id: 'b', name: 'Auditoria', color: '#f87171' },
          { id: 'c', name: 'Guarulhos', color: '#a78bfa' },
          { id: 'd', name: 'Documentação', color: '#4ade80' },
          { id: 'e', name: 'Fornecedor', color: '#fbbf24' },
          { id: 'f', name: 'Orçamento 2027', color: '#f472b6' },
          { id: 'g', name: 'Urgente de verdade', color: '#fb923c' },
        ],
        assignees: [
          { id: '1', name: 'Ana Lima' },
          { id: '2', name: 'Bruno Costa' },
          { id: '3', name: 'Carla Souza' },
          { id: '4', name: 'Diego Martins' },
          { id: '5', name: 'Elisa Rocha' },
        ],
        blockedBy: ['#T-12345', '#T-12346', '#T-12347'],
        ticket: { number: '#104233' },
        checklist: { done: 12, total: 40 },
        commentCount: 128,
        dueDate: '2027-03-15',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvasElement.querySelector('[data-slot=task-card]')!;
    const column = cell(canvasElement, 'A fazer');
    await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(
      column.getBoundingClientRect().right,
    );
    await expect(canvas.getAllByText('+2')).toHaveLength(2);
    await expect(
      canvas.getByText('Responsáveis: Ana Lima, Bruno Costa, Carla Souza, Diego Martins, Elisa Rocha'),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Bloqueada por #T-12345, #T-12346, #T-12347')).toBeVisible();
    await expect(canvas.getByText('Checklist: 12 de 40 itens concluídos')).toBeInTheDocument();
    await expect(canvas.getByText('15 de mar. de 2027')).toBeVisible();
  },
};

/** Phone (390 px): one column at a time, a column switcher, and "Mover para…" on each card. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(window.innerWidth).toBe(390));
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(1));
    await expect(canvas.getByRole('heading', { name: 'Backlog' })).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Coluna' }));
    await userEvent.click(await screen.findByRole('option', { name: 'A fazer (2)' }));
    await expect(canvas.getByRole('heading', { name: 'A fazer' })).toBeVisible();
    const card = canvas.getByRole('button', {
      name: 'Mover #T-101 Trocar toner da impressora do financeiro para outra coluna',
    });
    await userEvent.click(card);
    const menu = await screen.findByRole('menu');
    // Revisão is full ('bloqueio'): offered, but disabled with its reason.
    const review = within(menu).getByRole('menuitem', { name: /Revisão/ });
    await expect(review).toHaveAttribute('aria-disabled', 'true');
    await expect(review).toHaveTextContent(
      'A coluna Revisão está no limite de 2 tarefas e não aceita mais nenhuma.',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Em andamento' }));
    await expect(args.onMove).toHaveBeenCalledWith({
      taskId: 't1',
      fromColumnId: 'todo',
      toColumnId: 'doing',
      beforeId: 't5',
      afterId: null,
    });
    await waitFor(() =>
      expect(canvas.queryByText('Trocar toner da impressora do financeiro')).not.toBeInTheDocument(),
    );
  },
};

/** 2,000 cards: long columns draw only the cards in view (the rest appear as the column scrolls). */
export const TwoThousandCards: Story = {
  args: { tasks: manyTasks(2000) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('400 tarefas')).toHaveLength(3);
    await expect(canvas.getByText('400/3')).toBeVisible();
    const drawn = canvasElement.querySelectorAll('[data-slot=task-card]').length;
    await expect(drawn).toBeGreaterThan(5);
    await expect(drawn).toBeLessThan(200);
    const backlog = cell(canvasElement, 'Backlog');
    // Scrolled to the end (again as measured heights replace the estimates), the last card is drawn.
    await waitFor(() => {
      backlog.scrollTop = backlog.scrollHeight;
      expect(within(backlog).getByRole('button', { name: /^#T-3000 / })).toBeInTheDocument();
    });
  },
};
