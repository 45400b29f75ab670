import { screen, within } from '@testing-library/react';
import type { Category, Solution } from '@shop/domain/schemas/catalogue';
import { renderApp } from '../../testing/render-app';
import { makeCategory, makeSolution } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';

function catalogue(categories: Category[], solutions: Solution[]) {
  server.use(
    http.get(api('category'), () => ok({ categories })),
    http.get(api('solutions'), () => ok({ solutions })),
  );
}

it('shows categories and solutions in two tables with view links to the shop', async () => {
  catalogue([makeCategory('Ghee')], [makeSolution('Immunity Power')]);
  renderApp('/admin/categories');
  const categories = await screen.findByRole('table', { name: 'Categories' });
  const solutions = await screen.findByRole('table', { name: 'Solutions' });
  expect(within(categories).getByRole('textbox', { name: 'Category name' })).toHaveValue('Ghee');
  expect(within(categories).getByRole('link', { name: 'View Ghee on the shop' })).toHaveAttribute('href', 'http://shop.test/category/ghee');
  expect(within(solutions).getByRole('link', { name: 'View Immunity Power on the shop' })).toHaveAttribute(
    'href',
    'http://shop.test/solutions/immunity-power',
  );
});

it('renames a category inline; Save is off until the name changes', async () => {
  const ghee = makeCategory('Ghee');
  let body: unknown;
  catalogue([ghee], []);
  server.use(
    http.put(api(`category/${ghee._id}`), async ({ request }) => {
      body = await request.json();
      return ok({ message: 'ok' });
    }),
  );
  const { user } = renderApp('/admin/categories');
  const input = await screen.findByRole('textbox', { name: 'Category name' });
  const save = screen.getByRole('button', { name: 'Save category name' });
  expect(save).toBeDisabled();
  await user.clear(input);
  await user.type(input, 'Desi Ghee');
  await user.click(save);
  expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
  expect(body).toEqual({ name: 'Desi Ghee' });
});

it('creates a solution from the Add overlay, announced as the spec words it', async () => {
  let solutions: Solution[] = [];
  catalogue([], []);
  server.use(
    http.get(api('solutions'), () => ok({ solutions })),
    http.post(api('solutions'), async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const solution = makeSolution(name);
      solutions = [solution];
      return ok({ solution });
    }),
  );
  const { user } = renderApp('/admin/categories');
  await user.click(await screen.findByRole('button', { name: 'Add Solution' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Solution' });
  await user.type(within(dialog).getByLabelText('Name'), 'Best for Health');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Category created successfully')).toBeInTheDocument();
  expect(await screen.findByDisplayValue('Best for Health')).toBeInTheDocument();
});

it('creates a category', async () => {
  catalogue([], []);
  server.use(http.post(api('category'), () => ok({ category: makeCategory('Honey') })));
  const { user } = renderApp('/admin/categories');
  await user.click(await screen.findByRole('button', { name: 'Add Category' }));
  await user.type(screen.getByLabelText('Name'), 'Honey');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Category created successfully')).toBeInTheDocument();
});

it('renames and deletes a solution with its own messages', async () => {
  const s = makeSolution('Immunity Power');
  catalogue([], [s]);
  server.use(
    http.put(api(`solutions/${s._id}`), () => ok({ message: 'ok' })),
    http.delete(api(`solutions/${s._id}`), () => ok({ message: 'ok' })),
  );
  const { user } = renderApp('/admin/categories');
  const input = await screen.findByRole('textbox', { name: 'Solution name' });
  await user.type(input, '!');
  await user.click(screen.getByRole('button', { name: 'Save solution name' }));
  expect(await screen.findByText('Solution updated successfully')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Delete Immunity Power' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete solution' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Solution deleted successfully')).toBeInTheDocument();
});

it('shows the server message when a category in use cannot be deleted', async () => {
  const ghee = makeCategory('Ghee');
  catalogue([ghee], []);
  server.use(http.delete(api(`category/${ghee._id}`), () => fail(409, 'This category still has products')));
  const { user } = renderApp('/admin/categories');
  await user.click(await screen.findByRole('button', { name: 'Delete Ghee' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete category' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('This category still has products')).toBeInTheDocument();
  expect(screen.queryByText('Category deleted successfully')).not.toBeInTheDocument();
});

it('deletes a category', async () => {
  const ghee = makeCategory('Ghee');
  catalogue([ghee], []);
  server.use(http.delete(api(`category/${ghee._id}`), () => ok({ message: 'ok' })));
  const { user } = renderApp('/admin/categories');
  await user.click(await screen.findByRole('button', { name: 'Delete Ghee' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete category' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Category deleted successfully')).toBeInTheDocument();
});

it('shows No Data Found in an empty table', async () => {
  catalogue([], []);
  renderApp('/admin/categories');
  expect(await screen.findAllByText('No Data Found')).toHaveLength(2);
});
