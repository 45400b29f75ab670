import { render, screen, within } from '@testing-library/react';
import { DataTable } from './data-table.js';

const rows = [
  { id: 'a', name: 'A2 Cow Ghee', qty: 4 },
  { id: 'b', name: 'Hair Oil', qty: 0 },
];

it('renders a captioned table whose cells carry their column name', () => {
  render(
    <DataTable
      caption="Products"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        { key: 'i', header: 'Index', cell: (_r, i) => i + 1 },
        { key: 'name', header: 'Name', cell: (r) => r.name, primary: true },
        { key: 'qty', header: 'Quantity', cell: (r) => r.qty, align: 'end' },
      ]}
    />,
  );
  const table = screen.getByRole('table', { name: 'Products' });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Index', 'Name', 'Quantity']);
  const cells = within(table).getAllByRole('cell');
  expect(cells[0]).toHaveTextContent('1');
  expect(cells[1]).toHaveAttribute('data-label', 'Name');
  expect(cells[4]).toHaveTextContent('Hair Oil');
});

it('shows the empty text instead of an empty table', () => {
  render(<DataTable caption="Products" rows={[]} rowKey={() => ''} columns={[]} empty="No Data Found" />);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.getByText('No Data Found')).toBeInTheDocument();
});
