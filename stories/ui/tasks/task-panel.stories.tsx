import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '@farol/ui';
import { PresenceAvatars, TaskPanel, type TaskPanelProps } from '@farol/ui/tasks';
import { people } from './task-fixtures';

function PanelDemo(props: Omit<TaskPanelProps, 'open'>) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-4 p-4">
      <PresenceAvatars people={people} max={3} />
      <Button onClick={() => setOpen(true)}>Abrir tarefa</Button>
      <TaskPanel
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange?.(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/Tasks/TaskPanel',
  component: PanelDemo,
  args: {
    title: '#T-101 Trocar toner da impressora do financeiro',
    description: 'Manutenção mensal · A fazer',
    onOpenChange: fn(),
    children: (
      <div className="flex flex-col gap-3 text-sm">
        <p>Detalhes, checklist, atividade e comentários entram aqui.</p>
        {Array.from({ length: 40 }, (_, index) => (
          <p key={index}>Linha de atividade {index + 1}</p>
        ))}
      </div>
    ),
    footer: <Button size="sm">Comentar</Button>,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PanelDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from the right, named by the task, focus inside; Escape closes and focus goes back to the button. */
export const SidePanel: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Abrir tarefa' });
    await userEvent.click(trigger);
    const panel = await screen.findByRole('dialog', {
      name: '#T-101 Trocar toner da impressora do financeiro',
    });
    await expect(panel).toHaveAccessibleDescription('Manutenção mensal · A fazer');
    const box = panel.getBoundingClientRect();
    await expect(Math.round(box.right)).toBe(window.innerWidth);
    await expect(panel.contains(document.activeElement)).toBe(true);
    await expect(within(panel).getByRole('button', { name: 'Comentar' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Fechar' }));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Phones: the panel takes the whole width. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(window.innerWidth).toBe(390));
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir tarefa' }));
    const panel = await screen.findByRole('dialog');
    await expect(Math.round(panel.getBoundingClientRect().width)).toBe(390);
  },
};

/** Who else is looking: the first three avatars, "+2", and every name for screen readers. */
export const Presence: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Também vendo:')).toBeVisible();
    await expect(canvas.getByText('+2')).toBeVisible();
    await expect(
      canvas.getByText('Também vendo: Ana Lima, Bruno Costa, Carla Souza, Diego Martins, Elisa Rocha'),
    ).toHaveClass('sr-only');
  },
};
