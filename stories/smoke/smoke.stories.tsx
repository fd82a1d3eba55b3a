import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { formatBadgeCount } from '@farol/data';

const Smoke = () => <button className="rounded bg-blue-700 p-2 text-white">{formatBadgeCount(120)}</button>;
const meta = { component: Smoke } satisfies Meta<typeof Smoke>;
export default meta;
export const Default: StoryObj<typeof meta> = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '99+' })).toBeVisible();
  },
};
