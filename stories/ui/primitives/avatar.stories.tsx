import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from '@farol/ui';
import { SAMPLE_AVATAR_URL } from './story-fixtures';

const meta = {
  title: 'UI/Primitives/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: 'Ana Souza' },
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component: 'A foto de uma pessoa, ou as iniciais quando não há foto ou ela não carrega.',
      },
    },
  },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Ana Souza' });
    await expect(avatar).toHaveTextContent('AS');
    await expect(avatar).toHaveAttribute('data-state', 'initials');
  },
};

export const WithImage: Story = {
  args: { src: SAMPLE_AVATAR_URL },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Ana Souza' });
    await expect(avatar).toHaveAttribute('data-state', 'image');
    await expect(avatar.querySelector('img')).toHaveAttribute('src', SAMPLE_AVATAR_URL);
  },
};

export const BrokenImageFallsBackToInitials: Story = {
  args: { src: 'data:image/png;base64,AAAA' },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Ana Souza' });
    await waitFor(() => expect(avatar).toHaveAttribute('data-state', 'initials'));
    await expect(avatar).toHaveTextContent('AS');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-end gap-3">
      <Avatar {...args} size="sm" name="Bruno Lima" />
      <Avatar {...args} name="Carla Dias" />
      <Avatar {...args} size="lg" name="Diego Reis" />
      <Avatar {...args} size="xl" name="Eva Prado" />
    </div>
  ),
  play: async ({ canvas }) => {
    const widths = ['Bruno Lima', 'Carla Dias', 'Diego Reis', 'Eva Prado'].map(
      (name) => canvas.getByRole('img', { name }).getBoundingClientRect().width,
    );
    await expect(widths).toEqual([32, 40, 48, 96]);
  },
};
