import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Overlay } from '@shop/ui/overlay';
import { assetHref } from '../../config';
import { alertUser, notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { PlusIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { BlogFields, recheckBlog, validateBlog, type BlogDraft, type BlogErrors } from './blog-fields';
import { useAllBlogsQuery, useCreateBlogMutation } from './blogs-api';
import './blogs.css';

function excerpt(html: string, length = 140): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** The blog list with a Create Blog overlay. */
export function BlogsPage() {
  const { data, isLoading } = useAllBlogsQuery();
  const [creating, setCreating] = useState(false);
  const blogs = data?.blogs ?? [];

  return (
    <>
      <PageHeader
        title="Blogs"
        subtitle="Stories from the farm, shown on the shop’s blog."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusIcon size={18} /> Create Blog
          </button>
        }
      />
      {isLoading ? (
        <Loading />
      ) : blogs.length === 0 ? (
        <p className="empty-state panel">No blogs found</p>
      ) : (
        <ul className="blog-grid">
          {blogs.map((b) => (
            <li key={b._id} className="blog-card card">
              {b.image ? <img src={assetHref(b.image)} alt="" loading="lazy" /> : <div className="blog-card__placeholder" aria-hidden="true" />}
              <div className="blog-card__body">
                <h2 className="blog-card__title">
                  <Link to={`/admin/blogs/${b.slug}`}>{b.title}</Link>
                </h2>
                <p className="muted small">{excerpt(b.content)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Overlay open={creating} onClose={() => setCreating(false)} title="Create Blog" size="lg">
        <CreateBlogForm onDone={() => setCreating(false)} />
      </Overlay>
    </>
  );
}

function CreateBlogForm({ onDone }: { onDone: () => void }) {
  const [createBlog, { isLoading }] = useCreateBlogMutation();
  const [draft, setDraft] = useState<BlogDraft>({ title: '', content: '' });
  const [errors, setErrors] = useState<BlogErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateBlog(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    alertUser('Started uploading');
    try {
      await createBlog({ title: draft.title.trim(), content: draft.content, ...(draft.image ? { image: draft.image } : {}) }).unwrap();
      notifySuccess('Blog Published Successfully');
      onDone();
    } catch {
      // toasted
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New blog">
      <BlogFields
        draft={draft}
        initialContent=""
        errors={errors}
        onChange={(next) => {
          setDraft(next);
          setErrors((previous) => recheckBlog(previous, next));
        }}
      />
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Publishing…' : 'Publish blog'}
        </button>
      </div>
    </form>
  );
}
