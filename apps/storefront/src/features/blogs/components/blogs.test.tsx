import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { blogs } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

describe('blogs', () => {
  it('lists the blogs with a teaser, linking to each', async () => {
    server.use(http.get(apiPath('blogs'), () => HttpResponse.json({ blogs })));
    renderApp('/blogs');
    const link = await screen.findByRole('link', { name: /Why A2 ghee/ });
    expect(link).toHaveAttribute('href', '/blogs/why-a2-ghee');
    expect(link).toHaveTextContent('Because cows matter.');
  });

  it("says 'No blogs found' when there are none", async () => {
    server.use(http.get(apiPath('blogs'), () => HttpResponse.json({ blogs: [] })));
    renderApp('/blogs');
    expect(await screen.findByText('No blogs found')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    server.use(http.get(apiPath('blogs'), () => fail(500, 'Blogs are being written')));
    renderApp('/blogs');
    expect(await screen.findByText('Blogs are being written')).toBeInTheDocument();
  });

  it('renders one blog with its HTML content and title', async () => {
    server.use(http.get(apiPath('blogs/why-a2-ghee'), () => HttpResponse.json({ blog: blogs[0] })));
    renderApp('/blogs/why-a2-ghee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why A2 ghee' })).toBeInTheDocument();
    expect(screen.getByText('cows').tagName).toBe('EM');
    expect(document.title).toBe('Why A2 ghee | Shuddh Farm');
  });

  it("shows 'Not found' for a missing blog, without a toast", async () => {
    server.use(http.get(apiPath('blogs/nope'), () => fail(404, 'Blog not found')));
    renderApp('/blogs/nope');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.queryByText('Blog not found')).not.toBeInTheDocument();
  });
});
