import { screen, waitFor, within } from '@testing-library/react';
import type { DeliverySettings, DeliverySettingsBody, PincodeOverride } from '@shop/domain/schemas/delivery';
import { renderApp } from '../../testing/render-app';
import { makeDeliverySettings } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';

const REMOTE = 'Remote (North East, J&K, Ladakh, islands)';
const LEH: PincodeOverride = { pin: '194101', state: 'Ladakh', district: 'Leh', serviceable: true, cod: false, note: 'Ladakh since 2019' };

/**
 * Serves the settings and the PIN corrections as a tiny server would: a PUT of settings merges what it got (or
 * answers `refuse` as a 400), PUT and DELETE of a correction change the list. Every body sent is kept.
 */
function deliveryServer({ settings = makeDeliverySettings(), overrides = [LEH], refuse }: { settings?: DeliverySettings; overrides?: PincodeOverride[]; refuse?: string } = {}) {
  const sent = { settings: [] as DeliverySettingsBody[], pins: [] as Array<{ pin: string; body: unknown }>, deleted: [] as string[] };
  let current = settings;
  let list = [...overrides];
  server.use(
    http.get(api('delivery/settings'), () => ok(current)),
    http.put(api('delivery/settings'), async ({ request }) => {
      const body = (await request.json()) as DeliverySettingsBody;
      sent.settings.push(body);
      if (refuse) return fail(400, refuse);
      const zones = { ...current.zones };
      for (const [zone, rate] of Object.entries(body.zones ?? {})) Object.assign((zones[zone as keyof typeof zones] = { ...zones[zone as keyof typeof zones] }), rate);
      current = { ...current, ...body, zones, cod: { ...current.cod, ...body.cod } } as DeliverySettings;
      return ok(current);
    }),
    http.get(api('delivery/pincodes'), () => ok({ overrides: list })),
    http.put(api('delivery/pincodes/:pin'), async ({ request, params }) => {
      const pin = String(params.pin);
      const body = (await request.json()) as Omit<PincodeOverride, 'pin'>;
      sent.pins.push({ pin, body });
      const saved: PincodeOverride = { pin, state: body.state ?? 'Maharashtra', district: body.district ?? 'Pune', serviceable: body.serviceable, cod: body.cod, note: body.note ?? '' };
      list = [...list.filter((o) => o.pin !== pin), saved];
      return ok(saved);
    }),
    http.delete(api('delivery/pincodes/:pin'), ({ params }) => {
      sent.deleted.push(String(params.pin));
      list = list.filter((o) => o.pin !== params.pin);
      return ok({ message: 'Deleted' });
    }),
  );
  return sent;
}

async function openDelivery(options?: Parameters<typeof deliveryServer>[0]) {
  const sent = deliveryServer(options);
  const rendered = renderApp('/admin/delivery');
  const form = await screen.findByRole('form', { name: 'Delivery settings' });
  const save = within(form).getByRole('button', { name: 'Save delivery settings' });
  return { ...rendered, sent, form, save };
}

it('loads the settings into the form, with Save off until something changes', async () => {
  const { form, save } = await openDelivery();
  expect(within(form).getByLabelText('Within the shop’s state: First 500 g (₹)')).toHaveValue('49');
  expect(within(form).getByLabelText(`${REMOTE}: Per further 500 g (₹)`)).toHaveValue('60');
  expect(within(form).getByLabelText(`${REMOTE}: Max days`)).toHaveValue('10');
  expect(within(form).getByLabelText('Free delivery above (₹)')).toHaveValue('999');
  expect(within(form).getByLabelText('Dispatch cut-off (IST)')).toHaveValue('14:00');
  expect(within(form).getByRole('checkbox', { name: 'Sun' })).toBeChecked();
  expect(within(form).getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
  expect(within(within(form).getByRole('list', { name: 'Holidays' })).getByText('8/11/2026')).toBeInTheDocument();
  expect(within(within(form).getByRole('list', { name: 'Local PINs' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['411×', '412108×']);
  expect(within(form).getByRole('checkbox', { name: 'Offer cash on delivery' })).toBeChecked();
  expect(within(form).getByLabelText('COD fee (₹)')).toHaveValue('40');
  expect(within(form).getByLabelText('Maximum item total (₹)')).toHaveValue('5000');
  expect(save).toBeDisabled();
  const pins = await screen.findByRole('table', { name: 'PIN corrections' });
  expect(within(pins).getByText('194101')).toBeInTheDocument();
  expect(within(pins).getByText('Ladakh since 2019')).toBeInTheDocument();
});

it('is in the sidebar, after the SPEC’s sections', async () => {
  await openDelivery();
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  const links = within(within(nav).getByRole('list')).getAllByRole('link').map((a) => a.textContent);
  expect(links).toEqual(['Dashboard', 'Orders', 'Users', 'Products', 'Categories', 'Blogs', 'Delivery', 'Reviews', 'Coupons']);
  expect(within(nav).getByRole('link', { name: 'Delivery' })).toHaveAttribute('href', '/admin/delivery');
});

it('sends only the changed fields, a zone and the COD block partly, and starts again from the answer', async () => {
  const { user, form, save, sent } = await openDelivery();
  const free = within(form).getByLabelText('Free delivery above (₹)');
  await user.clear(free);
  await user.type(free, '1499');
  const remoteFirst = within(form).getByLabelText(`${REMOTE}: First 500 g (₹)`);
  await user.clear(remoteFirst);
  await user.type(remoteFirst, '139.50');
  const codFee = within(form).getByLabelText('COD fee (₹)');
  await user.clear(codFee);
  await user.type(codFee, '50');
  await user.click(within(form).getByRole('checkbox', { name: 'Sat' }));
  await user.click(save);
  expect(await screen.findByText('Delivery settings saved')).toBeInTheDocument();
  expect(sent.settings).toEqual([
    { zones: { remote: { first_500g: 139.5 } }, free_shipping_above: 1499, no_dispatch_weekdays: [0, 6], cod: { fee: 50 } },
  ]);
  await waitFor(() => expect(save).toBeDisabled());
  expect(free).toHaveValue('1499');
});

it('adds and removes holidays and local PINs, refusing a malformed PIN in plain words', async () => {
  const { user, form, save, sent } = await openDelivery();
  const pin = within(form).getByLabelText('PIN or prefix');
  await user.type(pin, '0123');
  await user.click(within(form).getByRole('button', { name: 'Add PIN' }));
  expect(within(form).getByText(/Enter 1 to 6 digits, the first not 0/)).toBeInTheDocument();
  await user.clear(pin);
  await user.type(pin, '4110');
  await user.click(within(form).getByRole('button', { name: 'Add PIN' }));
  await user.click(within(form).getByRole('button', { name: 'Remove 411' }));
  await user.type(within(form).getByLabelText('Holiday'), '2026-10-20');
  await user.click(within(form).getByRole('button', { name: 'Add holiday' }));
  await user.click(within(form).getByRole('button', { name: 'Remove 8/11/2026' }));
  await user.click(save);
  expect(await screen.findByText('Delivery settings saved')).toBeInTheDocument();
  expect(sent.settings).toEqual([{ holidays: ['2026-10-20'], local_pins: ['412108', '4110'] }]);
});

it('shows the server’s message when a save is refused, and keeps what was typed', async () => {
  const { user, form, save, sent } = await openDelivery({ refuse: 'The COD maximum must be at least the minimum' });
  const max = within(form).getByLabelText(`${REMOTE}: Max days`);
  await user.clear(max);
  await user.type(max, '12');
  await user.click(save);
  expect(await screen.findByText('The COD maximum must be at least the minimum')).toBeInTheDocument();
  expect(sent.settings).toEqual([{ zones: { remote: { max_days: 12 } } }]);
  expect(max).toHaveValue('12');
  // Enabled again once the store tells the form of the failure, on the frame after the toast (RTK's autoBatchEnhancer).
  await waitFor(() => expect(save).toBeEnabled());
  expect(screen.queryByText('Delivery settings saved')).not.toBeInTheDocument();
});

it('refuses min days above max days in the form, without a call', async () => {
  const { user, form, save, sent } = await openDelivery();
  const min = within(form).getByLabelText(`${REMOTE}: Min days`);
  await user.clear(min);
  await user.type(min, '12');
  expect(within(form).getByText('The max days must be at least the min days (12).')).toBeInTheDocument();
  expect(within(form).getByLabelText(`${REMOTE}: Max days`)).toHaveAttribute('aria-invalid', 'true');
  await user.click(save);
  expect(within(form).getByText('Some fields need a fix (see above).')).toBeInTheDocument();
  expect(sent.settings).toEqual([]);
  await user.clear(min);
  await user.type(min, '10');
  expect(within(form).queryByText(/The max days must be at least/)).not.toBeInTheDocument();
});

it('adds a PIN correction with its state, edits one and deletes one', async () => {
  const { user, sent } = await openDelivery();
  await screen.findByRole('table', { name: 'PIN corrections' });

  // Add: a malformed PIN is refused in plain words first.
  await user.click(screen.getByRole('button', { name: 'Add PIN correction' }));
  let dialog = screen.getByRole('dialog', { name: 'Add PIN correction' });
  await user.type(within(dialog).getByLabelText('PIN code'), '07930');
  await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
  expect(within(dialog).getByText('Enter a six-digit PIN code; the first digit is not 0.')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('PIN code'));
  await user.type(within(dialog).getByLabelText('PIN code'), '793001');
  await user.selectOptions(within(dialog).getByLabelText('State'), 'Meghalaya');
  await user.type(within(dialog).getByLabelText('District'), 'East Khasi Hills');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Cash on delivery at this PIN' }));
  await user.type(within(dialog).getByLabelText('Note'), 'courier collects no cash');
  await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
  expect(await screen.findByText('PIN 793001 saved')).toBeInTheDocument();
  expect(sent.pins).toEqual([
    { pin: '793001', body: { state: 'Meghalaya', district: 'East Khasi Hills', serviceable: true, cod: false, note: 'courier collects no cash' } },
  ]);
  const table = screen.getByRole('table', { name: 'PIN corrections' });
  expect(await within(table).findByText('793001')).toBeInTheDocument();

  // Edit: the PIN stays, the rest changes.
  await user.click(within(table).getByRole('button', { name: 'Edit PIN 194101' }));
  dialog = screen.getByRole('dialog', { name: 'Edit PIN 194101' });
  expect(within(dialog).getByLabelText('PIN code')).toHaveValue('194101');
  expect(within(dialog).getByLabelText('State')).toHaveValue('Ladakh');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Deliver to this PIN' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
  expect(await screen.findByText('PIN 194101 saved')).toBeInTheDocument();
  expect(sent.pins[1]).toEqual({
    pin: '194101',
    body: { state: 'Ladakh', district: 'Leh', serviceable: false, cod: false, note: 'Ladakh since 2019' },
  });

  // Delete, after asking.
  await user.click(within(screen.getByRole('table', { name: 'PIN corrections' })).getByRole('button', { name: 'Delete PIN 194101' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete PIN correction' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('PIN 194101 correction removed')).toBeInTheDocument();
  expect(sent.deleted).toEqual(['194101']);
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'PIN corrections' })).queryByText('194101')).not.toBeInTheDocument());
});

it('shows the server’s message when a correction is refused, and keeps the overlay as typed', async () => {
  const { user } = await openDelivery({ overrides: [] });
  server.use(http.put(api('delivery/pincodes/:pin'), () => fail(400, 'PIN 999999 is not in the directory: choose its state')));
  await user.click(await screen.findByRole('button', { name: 'Add PIN correction' }));
  const dialog = screen.getByRole('dialog', { name: 'Add PIN correction' });
  await user.type(within(dialog).getByLabelText('PIN code'), '999999');
  await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
  expect(await screen.findByText('PIN 999999 is not in the directory: choose its state')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('PIN code')).toHaveValue('999999');
});
