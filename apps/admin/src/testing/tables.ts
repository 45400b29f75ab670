import { screen, within } from '@testing-library/react';
import { renderApp } from './render-app';

/** Opens the list page at `path`, waits for its table named `name` and checks its column headers are `columns`. */
export async function openListTable(path: string, name: string, columns: string[]) {
  const rendered = renderApp(path);
  const table = await screen.findByRole('table', { name });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(columns);
  return { ...rendered, table };
}
