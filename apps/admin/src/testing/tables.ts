import { screen, within } from '@testing-library/react';
import { renderApp } from './render-app';

/** Waits for the table named `name` and reads its column headers, as a list page's test checks them. */
export async function findTableWithHeaders(name: string) {
  const table = await screen.findByRole('table', { name });
  return { table, headers: within(table).getAllByRole('columnheader').map((h) => h.textContent) };
}

/** Opens the list page at `path`, waits for its table named `name` and checks its column headers are `columns`. */
export async function openListTable(path: string, name: string, columns: string[]) {
  const rendered = renderApp(path);
  const { table, headers } = await findTableWithHeaders(name);
  expect(headers).toEqual(columns);
  return { ...rendered, table };
}
