import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { config } from '../../config';
import { contacts } from '../../contacts';
import { categories, customer, makeProducts, solutions } from '../../testing/fixtures';
import { renderApp, signedIn } from '../../testing/render-app';
import { apiPath, server } from '../../testing/server';

const products = makeProducts(3);

beforeEach(() => {
  server.use(
    http.get(apiPath('products/list/1'), () => HttpResponse.json({ products })),
    http.get(apiPath('products/category/:slug/1'), () => HttpResponse.json({ products })),
    http.get(apiPath('products/solutions/:slug/1'), () => HttpResponse.json({ products })),
  );
});

const location = () => screen.getByTestId('location').textContent;

/** Opens the dropdown whose button is named `menu` and follows its 'All' link, which must lead to `to`. */
async function followAll(user: ReturnType<typeof renderApp>['user'], menu: RegExp, to: string) {
  const button = screen.getByRole('button', { name: menu });
  await user.click(button);
  await user.click(within(button.nextElementSibling as HTMLElement).getByRole('link', { name: 'All' }));
  await waitFor(() => expect(location()).toBe(to));
}

describe('layout', () => {
  it('shows the banner, the top bar, the footer and the chat link', async () => {
    renderApp('/allproducts');
    expect(screen.getByText('THE WORLDS BEST PURE PRODUCTS')).toBeInTheDocument();
    expect(screen.getByText(config.tagline)).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    // The desktop menus come in a chunk of their own, once shown (app/deferred-parts.tsx).
    expect(await within(main).findByRole('link', { name: 'All Products' })).toBeInTheDocument();
    for (const name of ['Read Blogs', 'About Us']) expect(within(main).getByRole('link', { name })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: /Shop by Category/ })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: /Shop by Solution/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('INR');

    const footer = await screen.findByRole('contentinfo');
    for (const name of ['Home', 'All Products', 'About us', 'Privacy & Policies', 'Instagram', 'Facebook', 'YouTube']) {
      expect(within(footer).getByRole('link', { name: new RegExp(name.replace(/[&]/g, '\\$&')) })).toBeInTheDocument();
    }
    for (const phone of contacts.phones) expect(within(footer).getByText(phone)).toBeInTheDocument();
    expect(within(footer).getByText(contacts.email)).toBeInTheDocument();
    expect(await within(footer).findByText('FSSAI Lic. No. 11524998000123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('href', config.site.chatUrl);
  });

  it("category 'All' goes to / and a category to /category/{slug}", async () => {
    const { user } = renderApp('/allproducts');
    const menu = await screen.findByRole('button', { name: /Shop by Category/ });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByRole('link', { name: categories[1]!.name }));
    await waitFor(() => expect(location()).toBe(`/category/${categories[1]!.slug}`));
    await followAll(user, /Shop by Category/, '/');
  });

  it("solution 'All' goes to /allproducts and a solution to /solutions/{slug}", async () => {
    const { user } = renderApp('/');
    const menu = await screen.findByRole('button', { name: /Shop by Solution/ });
    await user.click(menu);
    // Within the dropdown: the home page has solution tiles of the same names.
    await user.click(await within(menu.nextElementSibling as HTMLElement).findByRole('link', { name: solutions[0]!.name }));
    await waitFor(() => expect(location()).toBe(`/solutions/${solutions[0]!.slug}`));
    await followAll(user, /Shop by Solution/, '/allproducts');
  });

  it('closes a dropdown with Escape and returns focus to its button', async () => {
    const { user } = renderApp('/allproducts');
    const menu = await screen.findByRole('button', { name: /Shop by Category/ });
    menu.focus();
    await user.keyboard('{ArrowDown}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('link', { name: 'All' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('badges the cart with the number of distinct products', () => {
    renderApp('/allproducts', { preloadedState: { cart: { items: [{ _id: 'a', cart_quantity: 4 }, { _id: 'b', cart_quantity: 1 }] } } });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
  });

  it('offers Login and Sign Up to guests, and the tab bar Account goes to /login', async () => {
    const { user } = renderApp('/allproducts');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/login');
    expect(within(tabs).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/allproducts');
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('offers Profile, Orders and Log out when signed in; logging out goes to /login', async () => {
    server.use(http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })));
    const { user, store } = renderApp('/allproducts', { preloadedState: signedIn(customer) });
    await user.click(await screen.findByRole('button', { name: `Account: ${customer.name}` }));
    expect(within(screen.getByRole('navigation', { name: 'Tabs' })).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(store.getState().auth).toEqual({ token: null });
    expect(screen.queryByRole('button', { name: `Account: ${customer.name}` })).not.toBeInTheDocument();
  });

  it('has a phone menu with Register when signed out', async () => {
    const { user } = renderApp('/allproducts');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(dialog).getByRole('link', { name: 'Read Blogs' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: categories[0]!.name })).toHaveAttribute('href', `/category/${categories[0]!.slug}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has a phone menu with Logout when signed in', async () => {
    server.use(http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })));
    const { user } = renderApp('/allproducts', { preloadedState: signedIn(customer) });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('switches every price to the chosen currency', async () => {
    const { user } = renderApp('/allproducts');
    expect(await screen.findAllByText('₹ 595.00')).toHaveLength(3);
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USD' })).toBeEnabled());
    await user.selectOptions(select, 'USD');
    expect(screen.getAllByText('$ 7.14')).toHaveLength(3);
    await user.selectOptions(select, 'AED');
    expect(screen.getAllByText('AED 26.18')).toHaveLength(3);
    await user.selectOptions(select, 'EUR');
    expect(screen.getAllByText('€ 6.55')).toHaveLength(3);
  });
});

describe('the session check on start', () => {
  /** The server answers "who is signed in" only when the test says so; returns that go-ahead. */
  function holdCurrentUser(): () => void {
    let answer: () => void = () => {};
    const checked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(apiPath('users/get-user'), async () => {
        await checked;
        return HttpResponse.json({ user: customer });
      }),
      http.get(apiPath('users/profile'), () => HttpResponse.json({ user: customer })),
    );
    return answer;
  }

  it('draws a public page at once while a held token is checked', async () => {
    const answer = holdCurrentUser();
    renderApp('/allproducts', { preloadedState: signedIn(customer) });
    // A server-drawn page stays on screen as it hydrates: no loader in its place while the user is fetched.
    expect(await screen.findByText(products[0]!.name)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('button', { name: new RegExp(`^Account: ${customer.name.split(' ')[0]}`) })).toBeInTheDocument();
  });

  it('shows the loader on the cart until the held token is checked (PAY depends on who is signed in)', async () => {
    const answer = holdCurrentUser();
    renderApp('/cart', { preloadedState: signedIn(customer) });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
