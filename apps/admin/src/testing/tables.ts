import { screen, within } from '@testing-library/react';

/** Waits for the table named `name` and reads its column headers, as a list page's test checks them. */
export async function findTableWithHeaders(name: string) {
  const table = await screen.findByRole('table', { name });
  return { table, headers: within(table).getAllByRole('columnheader').map((h) => h.textContent) };
}
