import { expect, waitFor, within } from 'storybook/test';

/** The chamados table's body rows, once a page has arrived (the table is `aria-busy` while it loads). */
export async function ticketRowsOf(canvasElement: HTMLElement): Promise<HTMLElement[]> {
  const table = await within(canvasElement).findByRole('table', { name: 'Chamados' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
}
