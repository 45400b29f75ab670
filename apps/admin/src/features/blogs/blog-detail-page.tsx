import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Blog } from '@shop/domain/schemas/blogs';
import { assetHref } from '../../config';
import { useAppDispatch } from '../../lib/hooks';
import { notifyError, notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckIcon, CopyIcon } from '../../components/icons';
import { DetailActions } from '../../components/detail-actions';
import { Loading } from '../../components/loading';
import { BlogFields, recheckBlog, validateBlog, type BlogDraft, type BlogErrors } from './blog-fields';
import { blogsApi, useBlogBySlugQuery, useDeleteBlogMutation, useUpdateBlogMutation } from './blogs-api';
import './blogs.css';

/** One blog: read it, edit it (title, image, content), Update, Delete, and copy its id. */
export function BlogDetailPage() {
  const { slug = '' } = useParams();
  const { data, isLoading, isError } = useBlogBySlugQuery(slug, { refetchOnMountOrArgChange: true });
  const blog = data?.blog;
  return (
    <>
      {isLoading ? (
        <Loading />
      ) : blog ? (
        <BlogDetail key={blog._id} blog={blog} />
      ) : isError ? (
        <>
          <PageHeader title="Blog" back={{ to: '/admin/blogs', label: 'Blogs' }} />
          <p className="empty-state">No blogs found</p>
        </>
      ) : null}
    </>
  );
}

function CopyId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  // The tick goes back to the copy icon after 2 s; leaving the page first clears the timer (no update after unmount).
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      notifySuccess('Blog id copied');
    } catch {
      notifyError('Could not copy the id');
    }
  };
  return (
    <span className="copy-id">
      <span className="mono small">{id}</span>
      <button type="button" className="icon-btn" onClick={copy} aria-label="Copy blog id" title="Copy blog id">
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </span>
  );
}

function BlogDetail({ blog }: { blog: Blog }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [updateBlog, { isLoading: saving }] = useUpdateBlogMutation();
  const [deleteBlog, { isLoading: deleting }] = useDeleteBlogMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<BlogDraft>({ title: blog.title, content: blog.content });
  const [errors, setErrors] = useState<BlogErrors>({});
  const [confirming, setConfirming] = useState(false);
  const changed = draft.title !== blog.title || draft.content !== blog.content || Boolean(draft.image);

  const startEditing = () => {
    setDraft({ title: blog.title, content: blog.content });
    setErrors({});
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateBlog(draft);
    setErrors(found);
    if (Object.keys(found).length > 0 || !changed) return;
    try {
      const answer = await updateBlog({
        id: blog._id,
        body: {
          title: draft.title.trim(),
          content: draft.content,
          ...(draft.image ? { image: draft.image, ...(blog.image ? { old_image: blog.image } : {}) } : {}),
        },
      }).unwrap();
      notifySuccess('Blog Updated Successfully');
      dispatch(blogsApi.util.upsertQueryData('blogBySlug', answer.blog.slug, { blog: answer.blog }));
      setEditing(false);
      if (answer.blog.slug !== blog.slug) navigate(`/admin/blogs/${answer.blog.slug}`, { replace: true });
    } catch {
      // toasted
    }
  };

  const remove = async () => {
    try {
      await deleteBlog(blog._id).unwrap();
      notifySuccess('Blog Deleted Successfully');
      navigate('/admin/blogs', { replace: true });
    } catch {
      setConfirming(false);
    }
  };

  return (
    <>
      <PageHeader
        title={blog.title}
        subtitle={<CopyId id={blog._id} />}
        back={{ to: '/admin/blogs', label: 'Blogs' }}
        actions={
          <DetailActions shopPath={`/blogs/${blog.slug}`} onDelete={() => setConfirming(true)}>
            {!editing && (
              <button type="button" className="btn btn-outline" onClick={startEditing}>
                Edit
              </button>
            )}
          </DetailActions>
        }
      />
      {editing ? (
        <form className="panel" onSubmit={save} noValidate aria-label="Edit blog">
          <BlogFields
            draft={draft}
            initialContent={blog.content}
            currentImage={blog.image}
            errors={errors}
            onChange={(next) => {
              setDraft(next);
              setErrors((previous) => recheckBlog(previous, next));
            }}
          />
          <div className="form-actions form-actions--sticky">
            <button type="button" className="btn btn-outline" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving || !changed}>
              {saving ? 'Updating…' : 'Update'}
            </button>
          </div>
        </form>
      ) : (
        <article className="panel blog-view">
          {blog.image && <img src={assetHref(blog.image)} alt="" className="blog-view__image" />}
          {/* Sanitised by the server when written (allow-list). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: blog.content }} />
        </article>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete blog"
        message={`Delete “${blog.title}”? It disappears from the shop’s blog.`}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
