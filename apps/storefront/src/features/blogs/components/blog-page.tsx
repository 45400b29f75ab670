import { Link, useParams } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { NotFoundState } from '../../../components/not-found-state';
import { ProductImage } from '../../../components/product-image';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useBlogQuery } from '../api/blogs-api';
import { excerpt } from '../lib/excerpt';
import '../../../components/rich-text.css';
import './blogs.css';

export default function BlogPage() {
  const { slug = '' } = useParams();
  // `error` stays while a failed load is asked again, so the server's drawing of a missing blog and the browser's
  // draws of it (before and during its own retry) all say 'Not found'.
  const { data: blog, isFetching, error } = useBlogQuery(slug);
  const shown = error ? undefined : blog;
  usePageMeta(shown?.title ?? (error ? 'Not found' : 'Blog'), shown ? excerpt(shown.content, 155) : `A story from ${config.brand}.`);

  if (isFetching && !error && blog?.slug !== slug) return <LogoLoader title={config.brand} />;
  if (!blog || error) return <NotFoundState title="Not found" to="/blogs" linkText="All blogs" />;
  return (
    <article className="container page blog">
      <Link to="/blogs" className="blog__back">
        ← All blogs
      </Link>
      <h1 className="blog__title">{blog.title}</h1>
      {blog.image && (
        <div className="blog__media card">
          <ProductImage src={blog.image} alt={blog.title} eager sizes="(max-width: 820px) 100vw, 800px" width={1200} height={630} />
        </div>
      )}
      {/* Sanitised by the server when the blog was saved. */}
      <div className="rich-text blog__content" dangerouslySetInnerHTML={{ __html: blog.content }} />
    </article>
  );
}
