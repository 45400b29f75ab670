import { Link, useParams } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { ProductImage } from '../../../components/product-image';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useBlogQuery } from '../api/blogs-api';
import { excerpt } from '../lib/excerpt';
import '../../../components/rich-text.css';
import './blogs.css';

export default function BlogPage() {
  const { slug = '' } = useParams();
  const { data: blog, isFetching, isError } = useBlogQuery(slug);
  usePageMeta(blog?.title ?? (isError ? 'Not found' : 'Blog'), blog ? excerpt(blog.content, 155) : `A story from ${config.brand}.`);

  if (isFetching && blog?.slug !== slug) return <LogoLoader title={config.brand} />;
  if (!blog || isError) {
    return (
      <div className="container page empty-state">
        <h1>Not found</h1>
        <Link to="/blogs" className="btn btn-primary">
          All blogs
        </Link>
      </div>
    );
  }
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
