import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, expectClientError, openShopForFile, PNG_DATA_URL, uploadedFile, expectInvalidJsonRefused } from '../../test/harness.js';

const t = openShopForFile();

const SVG_DATA_URL = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
).toString('base64')}`;
const TEXT_DATA_URL = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;

async function createBlog(payload: Record<string, unknown>) {
  const res = await t.shop.request({ method: 'POST', url: '/api/blogs', token: t.admin.token, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().blog as { _id: string; title: string; slug: string; content: string; image?: string };
}

describe('POST /api/blogs', () => {
  it('creates a blog with a stored WebP image and a slug from the title', async () => {
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/blogs',
      token: t.admin.token,
      payload: { title: 'Why Bilona Ghee?', content: '<h2>Slow</h2><p>Churned by hand.</p>', image: PNG_DATA_URL },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['blog']);
    expect(body.blog).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Why Bilona Ghee?',
      slug: 'why-bilona-ghee',
      content: '<h2>Slow</h2><p>Churned by hand.</p>',
      image: expect.stringMatching(/^\/uploads\/blogs\/[0-9a-f-]+\.webp$/),
    });
    expect(existsSync(uploadedFile(t.shop, body.blog.image))).toBe(true);
    const served = await t.shop.request({ method: 'GET', url: body.blog.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('creates a blog without an image (no image key) and keeps slugs unique', async () => {
    const a = await createBlog({ title: 'Same Title', content: '<p>one</p>' });
    const b = await createBlog({ title: 'Same Title', content: '<p>two</p>' });
    expect(a).toEqual({ _id: a._id, title: 'Same Title', slug: 'same-title', content: '<p>one</p>' });
    expect(b.slug).toBe('same-title-2');
  });

  it('removes scripts, event handlers and javascript: links from the content', async () => {
    const blog = await createBlog({
      title: 'Sanitised',
      content:
        '<p>Safe</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a>' +
        '<iframe src="https://evil.test"></iframe><p onclick="alert(1)" style="color:red">styled</p>',
    });
    expect(blog.content).not.toMatch(/<script|alert\(1\)|onerror|javascript:|onclick|<iframe|style=/i);
    expect(blog.content).toContain('<p>Safe</p>');
    expect(blog.content).toContain('click');
    const read = await t.shop.request({ method: 'GET', url: `/api/blogs/${blog.slug}` });
    expect(read.json().blog.content).toBe(blog.content);
  });

  it('refuses content that is nothing but unsafe HTML', async () => {
    const res = await t.shop.request({
      method: 'POST',
      url: '/api/blogs',
      token: t.admin.token,
      payload: { title: 'Empty', content: '<script>alert(1)</script>' },
    });
    expectClientError(res, 400);
  });

  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/blogs', payload: { title: 'Nope', content: '<p>x</p>' } });
  });

  it.each([
    ['missing title', { content: '<p>x</p>' }],
    ['missing content', { title: 'No content' }],
    ['blank title', { title: '   ', content: '<p>x</p>' }],
    ['number title', { title: 5, content: '<p>x</p>' }],
    ['oversize title', { title: 'x'.repeat(201), content: '<p>x</p>' }],
    ['oversize content', { title: 'Big', content: 'x'.repeat(200_001) }],
    ['image not a data URL', { title: 'Img', content: '<p>x</p>', image: 'https://example.com/a.png' }],
    ['non-image upload', { title: 'Img', content: '<p>x</p>', image: TEXT_DATA_URL }],
    ['SVG upload', { title: 'Img', content: '<p>x</p>', image: SVG_DATA_URL }],
  ])('answers 400 to %s', async (_name, payload) => {
    const res = await t.shop.request({ method: 'POST', url: '/api/blogs', token: t.admin.token, payload });
    expectClientError(res, 400);
  });

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(t.shop, { method: 'POST', url: '/api/blogs', token: t.admin.token, payload: '{"title": "x", ' });
  });
});

describe('GET /api/blogs', () => {
  it('lists blogs newest first with exactly the blog fields', async () => {
    const older = await createBlog({ title: 'Older Post', content: '<p>old</p>' });
    t.shop.advanceClock(60_000);
    const newer = await createBlog({ title: 'Newer Post', content: '<p>new</p>' });
    const res = await t.shop.request({ method: 'GET', url: '/api/blogs' });
    expect(res.statusCode).toBe(200);
    const { blogs } = res.json() as { blogs: Array<Record<string, unknown>> };
    expect(Object.keys(res.json())).toEqual(['blogs']);
    expect(blogs[0]).toEqual({ _id: newer._id, title: 'Newer Post', slug: 'newer-post', content: '<p>new</p>' });
    const ids = blogs.map((b) => b._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    for (const blog of blogs) {
      expect(Object.keys(blog).sort()).toEqual(
        blog.image ? ['_id', 'content', 'image', 'slug', 'title'] : ['_id', 'content', 'slug', 'title'],
      );
    }
  });
});

describe('GET /api/blogs/:slug', () => {
  it('answers one blog by slug', async () => {
    const blog = await createBlog({ title: 'A2 Milk Basics', content: '<p>A2</p>' });
    const res = await t.shop.request({ method: 'GET', url: '/api/blogs/a2-milk-basics' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blog });
  });

  it('answers 404 for an unknown slug and 400 for an oversize one', async () => {
    const res = await t.shop.request({ method: 'GET', url: '/api/blogs/no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No blogs found' });
    expectClientError(await t.shop.request({ method: 'GET', url: `/api/blogs/${'a'.repeat(201)}` }), 400);
  });
});

describe('PUT /api/blogs/:id', () => {
  it('updates fields, moves the slug with the title and replaces its own image', async () => {
    const blog = await createBlog({ title: 'Draft Title', content: '<p>draft</p>', image: PNG_DATA_URL });
    const other = await createBlog({ title: 'Other With Image', content: '<p>o</p>', image: PNG_DATA_URL });
    const res = await t.shop.request({
      method: 'PUT',
      url: `/api/blogs/${blog._id}`,
      token: t.admin.token,
      // old_image names another blog's image: it must not be deleted.
      payload: { title: 'Final Title', content: '<p>final</p><script>x()</script>', image: PNG_DATA_URL, old_image: other.image },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().blog;
    expect(updated).toEqual({
      _id: blog._id,
      title: 'Final Title',
      slug: 'final-title',
      content: '<p>final</p>',
      image: expect.stringMatching(/^\/uploads\/blogs\/.+\.webp$/),
    });
    expect(updated.image).not.toBe(blog.image);
    expect(existsSync(uploadedFile(t.shop, updated.image))).toBe(true);
    expect(existsSync(uploadedFile(t.shop, blog.image!))).toBe(false);
    expect(existsSync(uploadedFile(t.shop, blog.image!.replace('.webp', '-320.webp')))).toBe(false);
    expect(existsSync(uploadedFile(t.shop, other.image!))).toBe(true);
    expect((await t.shop.request({ method: 'GET', url: '/api/blogs/draft-title' })).statusCode).toBe(404);
    expect((await t.shop.request({ method: 'GET', url: '/api/blogs/final-title' })).json().blog._id).toBe(blog._id);
  });

  it('keeps the slug when the title is unchanged and takes a free slug on a clash', async () => {
    const a = await createBlog({ title: 'Keep Me', content: '<p>a</p>' });
    const same = await t.shop.request({ method: 'PUT', url: `/api/blogs/${a._id}`, token: t.admin.token, payload: { title: 'Keep Me' } });
    expect(same.json().blog.slug).toBe('keep-me');
    const b = await createBlog({ title: 'Another', content: '<p>b</p>' });
    const clash = await t.shop.request({ method: 'PUT', url: `/api/blogs/${b._id}`, token: t.admin.token, payload: { title: 'Keep Me' } });
    expect(clash.statusCode).toBe(200);
    expect(clash.json().blog).toEqual({ _id: b._id, title: 'Keep Me', slug: 'keep-me-2', content: '<p>b</p>' });
  });

  it('answers 401, 403, 404 and 400 as it should', async () => {
    const blog = await createBlog({ title: 'Guarded', content: '<p>g</p>' });
    const url = `/api/blogs/${blog._id}`;
    expectClientError(await t.shop.request({ method: 'PUT', url, payload: { title: 'x' } }), 401);
    expectClientError(await t.shop.request({ method: 'PUT', url, payload: { title: 'x' }, token: t.customer.token }), 403);
    const unknown = await t.shop.request({
      method: 'PUT',
      url: '/api/blogs/00000000-0000-4000-8000-000000000000',
      token: t.admin.token,
      payload: { title: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No blogs found' });
    expectClientError(await t.shop.request({ method: 'PUT', url: '/api/blogs/not-a-uuid', token: t.admin.token, payload: {} }), 400);
    expectClientError(await t.shop.request({ method: 'PUT', url, token: t.admin.token, payload: { title: 'x'.repeat(201) } }), 400);
    expectClientError(await t.shop.request({ method: 'PUT', url, token: t.admin.token, payload: { content: '' } }), 400);
    expectClientError(await t.shop.request({ method: 'PUT', url, token: t.admin.token, payload: { image: SVG_DATA_URL } }), 400);
    expectClientError(await t.shop.request({ method: 'PUT', url, token: t.admin.token, payload: { image: TEXT_DATA_URL } }), 400);
    expectClientError(
      await t.shop.request({ method: 'PUT', url, token: t.admin.token, headers: { 'content-type': 'application/json' }, payload: '{' }),
      400,
    );
    // Nothing changed by the refused requests.
    expect((await t.shop.request({ method: 'GET', url: '/api/blogs/guarded' })).json()).toEqual({ blog });
  });
});

describe('DELETE /api/blogs/:id', () => {
  it('deletes the blog and its image files', async () => {
    const blog = await createBlog({ title: 'To Delete', content: '<p>bye</p>', image: PNG_DATA_URL });
    const url = `/api/blogs/${blog._id}`;
    await expectAdminOnly(t, { method: 'DELETE', url });
    const res = await t.shop.request({ method: 'DELETE', url, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Blog Deleted Successfully' });
    expect(existsSync(uploadedFile(t.shop, blog.image!))).toBe(false);
    expect(existsSync(uploadedFile(t.shop, blog.image!.replace('.webp', '-640.webp')))).toBe(false);
    expect((await t.shop.request({ method: 'GET', url: '/api/blogs/to-delete' })).statusCode).toBe(404);
    const again = await t.shop.request({ method: 'DELETE', url, token: t.admin.token });
    expect(again.statusCode).toBe(404);
    expectClientError(await t.shop.request({ method: 'DELETE', url: '/api/blogs/123', token: t.admin.token }), 400);
  });
});
