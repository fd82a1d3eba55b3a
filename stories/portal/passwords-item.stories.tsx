import { passwordHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Password item',
  ...portalMeta,
  args: { path: '/passwords/4', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fake clipboard the story reads back (the real one needs a user gesture and a permission). */
const stubClipboard = () => {
  let text = 'antes';
  const clipboard = {
    writeText: fn(async (value: string) => {
      text = value;
    }),
    readText: fn(async () => text),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
};

/** Locked: the secret is dots until an explicit, audited reveal. */
export const Locked: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'ERP Globex (PostgreSQL)' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Senha oculta')).toHaveTextContent('••••');
    await expect(canvas.getByText('erp_app')).toBeVisible();
    await expect(canvas.getByText('5432')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Revelar senha' })).toBeVisible();
  },
};

/** Revealed: the value shows (the folder asks no reason here), and hides again on demand. */
export const Revealed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revelar senha' }));
    await expect(await canvas.findByLabelText('Senha')).toHaveTextContent('globex-erp-db-7781');
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar senha' }));
    await expect(canvas.getByLabelText('Senha oculta')).toHaveTextContent('••••');
  },
};

/** A folder that asks why: the reason dialog comes first, and the reveal log shows the reason. */
export const RevealWithReason: Story = {
  args: { path: '/passwords/3' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revelar senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Por que revelar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    await expect(within(dialog).getByText('Informe o motivo ou o chamado')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Troca do disco');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    await expect(await canvas.findByLabelText('Senha')).toHaveTextContent('srv-arquivos!92');
    const log = await canvas.findByRole('list', { name: 'Registro de revelações' });
    await waitFor(() => expect(log).toHaveTextContent('Motivo: Troca do disco'));
  },
};

/** Copied: through the same audited call; the clipboard is wiped 30 s later if it still holds the value. */
export const Copied: Story = {
  play: async ({ canvas }) => {
    const clipboard = stubClipboard();
    await userEvent.click(await canvas.findByRole('button', { name: 'Copiar senha' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith('globex-erp-db-7781'));
    await expect(
      await canvas.findByText('Senha copiada. A área de transferência será limpa em 30 s.'),
    ).toBeVisible();
    // The value itself never shows on the page.
    await expect(canvas.getByLabelText('Senha oculta')).toHaveTextContent('••••');
  },
};

/** TOTP: the server's current code with its countdown, the seed never sent. */
export const TotpCountdown: Story = {
  args: { path: '/passwords/1' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Mostrar código TOTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Por que revelar?' });
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Login no firewall');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    const code = await canvas.findByLabelText('Código TOTP atual');
    await expect(code.textContent).toMatch(/^\d{3} \d{3}$/);
    await expect(canvas.getByText(/^\d{1,2} s$/)).toBeVisible();
    await expect(canvas.queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
  },
};

/** Sensível: the person types their password again (a wrong one is said), then the reveal goes on. */
export const SensitiveAsksPassword: Story = {
  args: { path: '/passwords/5' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revelar senha' }));
    const reason = await screen.findByRole('dialog', { name: 'Por que revelar?' });
    await userEvent.type(within(reason).getByLabelText('Motivo'), 'Renovar licenças');
    await userEvent.click(within(reason).getByRole('button', { name: 'Revelar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    await userEvent.type(within(confirm).getByLabelText('Sua senha'), 'errada');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await expect(await within(confirm).findByText('Senha incorreta')).toBeVisible();
    await userEvent.clear(within(confirm).getByLabelText('Sua senha'));
    await userEvent.type(within(confirm).getByLabelText('Sua senha'), 'farol123');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await expect(await canvas.findByLabelText('Senha')).toHaveTextContent('Farol-M365-admin!');
  },
};

/** "Usar" only: the item can be used in connections but never revealed: no reveal or copy buttons. */
export const UsarOnly: Story = {
  parameters: { msw: { handlers: { passwords: passwordHandlers.usar() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'ERP Globex (PostgreSQL)' }),
    ).toBeVisible();
    await expect(canvas.getByText('Usar')).toBeVisible();
    await expect(canvas.getByText('Só uso em conexões')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Revelar senha' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Copiar senha' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Editar' })).toBeNull();
  },
};

/** Due rotation: the badge and the due date say the password is past its time. */
export const DueRotation: Story = {
  args: { path: '/passwords/3' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Servidor de arquivos Acme (SSH)' }),
    ).toBeVisible();
    await expect(canvas.getByText('Troca vencida')).toBeVisible();
    await expect(canvas.getByText(/a cada 30 dias/)).toBeVisible();
  },
};

/** The editor's generator: a Portuguese passphrase with its offline strength. */
export const EditorGenerator: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar item' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Frase em português' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar outra' }));
    const generated = within(dialog).getByLabelText('Senha gerada');
    await expect(generated.textContent?.split('-').length).toBe(6);
    await expect(within(dialog).getAllByRole('meter', { name: 'Força da senha' })[0]).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar esta senha' }));
    await expect(within(dialog).getByLabelText('Senha')).toHaveValue(generated.textContent ?? '');
  },
};

/** Validation: the name is required, in Portuguese, before anything is sent. */
export const EditorValidation: Story = {
  args: { path: '/passwords' },
  play: async ({ canvas }) => {
    const main = within(await canvas.findByRole('main'));
    await main.findByRole('table', { name: 'Itens do cofre' });
    await userEvent.click(await main.findByRole('button', { name: 'Novo item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo item do cofre' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar no cofre' }));
    await expect(await within(dialog).findByText('Informe o nome')).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { path: '/passwords/999' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Item não encontrado' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'ERP Globex (PostgreSQL)' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Revelar senha' }));
    await expect(await canvas.findByLabelText('Senha')).toHaveTextContent('globex-erp-db-7781');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
