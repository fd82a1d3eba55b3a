import { createRoleHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Roles why',
  ...portalMeta,
  args: { path: '/user-management/why?user=3&target=ticket&value=7', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Globex chamado for a technician limited to Acme: the key holds, the scope does not. */
export const OutOfScope: Story = {
  play: async ({ canvas }) => {
    const chain = await canvas.findByRole('list', { name: 'Cadeia de decisão' }, { timeout: 20000 });
    const steps = within(chain).getAllByRole('listitem');
    await expect(steps.map((step) => step.querySelector('.font-medium')?.textContent?.split(':')[0])).toEqual(
      ['Conta', 'Função', 'Permissão', 'Escopo de empresas', 'Resultado'],
    );
    await expect(canvas.getByText('Não vê')).toBeVisible();
    await expect(canvas.getByText('Não: a empresa do registro está fora do escopo.')).toBeVisible();
  },
};

/** A screen the technician holds the key for. */
export const ScreenAllowed: Story = {
  args: { path: '/user-management/why?user=3&target=route&value=%2Fsupport', user: 'admin' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Vê', {}, { timeout: 20000 })).toBeVisible();
    await expect(canvas.getByText('Sim: Carla Mendes vê Tela /support.')).toBeVisible();
  },
};

/** Nothing asked yet: only the question form. */
export const Empty: Story = {
  args: { path: '/user-management/why', user: 'admin' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Pergunta' }, { timeout: 20000 })).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Cadeia de decisão' })).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { roles: createRoleHandlers({ failing: true }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Não foi possível explicar.', {}, { timeout: 20000 })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { roles: createRoleHandlers({ loading: true }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Explicando', {}, { timeout: 20000 })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Não vê', {}, { timeout: 20000 })).toBeVisible();
  },
};
