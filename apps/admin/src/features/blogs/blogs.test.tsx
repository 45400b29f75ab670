import { screen, waitFor, within } from '@testing-library/react';
import type { Blog } from '@shop/domain/schemas/blogs';
import { renderApp } from '../../testing/render-app';
import { makeBlog, pngFile } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';

/** The blogs list with its Create Blog dialog open. */
async function openCreateBlog() {
  const { user } = renderApp('/admin/blogs');
  await user.click(await screen.findByRole('button', { name: 'Create Blog' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Create Blog' }) };
}

it('says No blogs found when there are none', async () => {
  server.use(http.get(api('blogs'), () => ok({ blogs: [] })));
  renderApp('/admin/blogs');
  expect(await screen.findByText('No blogs found')).toBeInTheDocument();
});

it('lists blogs linking to their detail', async () => {
  const blog = makeBlog({ title: 'Why A2 ghee' });
  server.use(http.get(api('blogs'), () => ok({ blogs: [blog] })));
  renderApp('/admin/blogs');
  expect(await screen.findByRole('link', { name: 'Why A2 ghee' })).toHaveAttribute('href', `/admin/blogs/${blog.slug}`);
});

it('requires a title and content before anything is sent', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  server.use(http.get(api('blogs'), () => ok({ blogs: [] })));
  const { user, dialog } = await openCreateBlog();
  await within(dialog).findByRole('textbox', { name: /Content/ });
  await user.click(within(dialog).getByRole('button', { name: 'Publish blog' }));
  expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
  expect(alert).not.toHaveBeenCalled();
});

it('creates a blog written in the editor: Started uploading, then it is listed', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  let blogs: Blog[] = [];
  let body: Record<string, unknown> | undefined;
  server.use(
    http.get(api('blogs'), () => ok({ blogs })),
    http.post(api('blogs'), async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      const blog = makeBlog({ title: String(body.title), content: String(body.content) });
      blogs = [blog];
      return ok({ blog });
    }),
  );
  const { user, dialog } = await openCreateBlog();
  await user.type(within(dialog).getByLabelText(/Title/), 'Monsoon on the farm');
  const editor = await within(dialog).findByRole('textbox', { name: /Content/ });
  await user.click(editor);
  await user.keyboard('The rains are here.');
  await user.upload(within(dialog).getByLabelText('Image'), pngFile());
  await within(dialog).findByRole('img', { name: 'Image preview' });
  await user.click(within(dialog).getByRole('button', { name: 'Publish blog' }));
  expect(alert).toHaveBeenCalledWith('Started uploading');
  await waitFor(() => expect(body).toBeDefined());
  expect(body!.title).toBe('Monsoon on the farm');
  expect(body!.content).toContain('The rains are here.');
  expect(String(body!.image)).toMatch(/^data:image\/png;base64,/);
  expect(await screen.findByText('Blog Published Successfully')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Monsoon on the farm' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Create Blog' })).not.toBeInTheDocument();
});

it('copies the blog id from the detail page', async () => {
  const blog = makeBlog();
  server.use(http.get(api(`blogs/${blog.slug}`), () => ok({ blog })));
  const { user } = renderApp(`/admin/blogs/${blog.slug}`);
  await user.click(await screen.findByRole('button', { name: 'Copy blog id' }));
  expect(await navigator.clipboard.readText()).toBe(blog._id);
  expect(await screen.findByText('Blog id copied')).toBeInTheDocument();
});

it('edits a blog (title and image) and updates it', async () => {
  const blog = makeBlog({ title: 'Why A2 ghee', image: '/uploads/old.webp' });
  let body: Record<string, unknown> | undefined;
  server.use(
    http.get(api(`blogs/${blog.slug}`), () => ok({ blog })),
    http.put(api(`blogs/${blog._id}`), async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      const updated = { ...blog, title: String(body.title), slug: 'why-a2-ghee-matters' };
      server.use(http.get(api('blogs/why-a2-ghee-matters'), () => ok({ blog: updated })));
      return ok({ blog: updated });
    }),
  );
  const { user, router } = renderApp(`/admin/blogs/${blog.slug}`);
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const update = screen.getByRole('button', { name: 'Update' });
  expect(update).toBeDisabled();
  await user.type(screen.getByLabelText(/Title/), ' matters');
  await user.upload(screen.getByLabelText('Image'), pngFile());
  await screen.findByRole('img', { name: 'Image preview' });
  await user.click(update);
  expect(await screen.findByText('Blog Updated Successfully')).toBeInTheDocument();
  expect(body).toMatchObject({ title: 'Why A2 ghee matters', old_image: '/uploads/old.webp' });
  expect(String(body!.image)).toMatch(/^data:image\/png;base64,/);
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/blogs/why-a2-ghee-matters'));
});

it('deletes a blog and goes back to the list', async () => {
  const blog = makeBlog();
  server.use(
    http.get(api(`blogs/${blog.slug}`), () => ok({ blog })),
    http.delete(api(`blogs/${blog._id}`), () => ok({ message: 'ok' })),
    http.get(api('blogs'), () => ok({ blogs: [] })),
  );
  const { user, router } = renderApp(`/admin/blogs/${blog.slug}`);
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete blog' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Blog Deleted Successfully')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/blogs'));
  expect(await screen.findByText('No blogs found')).toBeInTheDocument();
});

it('toasts the server message when a blog cannot be saved', async () => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  server.use(
    http.get(api('blogs'), () => ok({ blogs: [] })),
    http.post(api('blogs'), () => fail(413, 'The image is too large')),
  );
  const { user, dialog } = await openCreateBlog();
  await user.type(within(dialog).getByLabelText(/Title/), 'Big');
  await user.click(await within(dialog).findByRole('textbox', { name: /Content/ }));
  await user.keyboard('Text');
  await user.click(within(dialog).getByRole('button', { name: 'Publish blog' }));
  expect(await screen.findByText('The image is too large')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Create Blog' })).toBeInTheDocument();
});

it('drops a field error as soon as the field is filled', async () => {
  server.use(http.get(api('blogs'), () => ok({ blogs: [] })));
  const { user, dialog } = await openCreateBlog();
  await within(dialog).findByRole('textbox', { name: /Content/ });
  await user.click(within(dialog).getByRole('button', { name: 'Publish blog' }));
  expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Title/), 'Ghee');
  expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
});
