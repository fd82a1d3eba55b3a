import { createTwoFactorGateHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

/**
 * A person the 2FA requirement now covers, signed in before it came (issue 13): every request but enrolment's
 * answers 403 `two_factor_setup_required`, and the portal sends them from wherever they were to Segurança da
 * conta, which says why and offers to turn it on.
 */
const meta = {
  title: 'Portal/Security/Enrolment required',
  ...portalMeta,
  args: { path: '/tickets', user: 'tecnico' },
  parameters: {
    msw: {
      // The gate first: what it lets through (sign-in, profile, one's own security) falls to the usual mocks.
      handlers: { gate: createTwoFactorGateHandlers(), ...portalMeta.parameters.msw.handlers },
    },
  },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opening Chamados: the list's request is refused, and the security page explains and offers enrolment. */
export const RoutedToSecurity: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Segurança da conta', { selector: 'h1' }, { timeout: 15_000 }),
    ).toBeVisible();
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'A verificação em duas etapas é obrigatória para a sua função. Ative-a para continuar usando o Farol.',
    );
    const heading = await canvas.findByText('Verificação em duas etapas', { selector: 'h2' });
    const card = heading.closest('section');
    if (!card) throw new Error('no two-factor card');
    await expect(
      await within(card).findByText('Ativar verificação em duas etapas', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    // The chamados list never showed: its page was left as soon as the refusal came.
    await expect(canvas.queryByText('Chamados', { selector: 'h1' })).toBeNull();
  },
};
