import { Link } from 'react-router';
import type { Blog } from '@shop/domain/schemas/blogs';
import { LoadingGrid } from '../../../components/loading-grid';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useBlogsQuery } from '../api/blogs-api';
import { excerpt } from '../lib/excerpt';
import './blogs.css';

function BlogCard({ blog }: { blog: Blog }) {
  return (
    <li>
      <article className="blog-card card">
        <Link to={`/blogs/${blog.slug}`} className="blog-card__link">
          <div className="blog-card__media">
            <ProductImage src={blog.image} alt="" sizes="(max-width: 767px) 100vw, 400px" width={800} height={450} />
          </div>
          <div className="blog-card__body">
            <h2 className="blog-card__title">{blog.title}</h2>
            <p>{excerpt(blog.content)}</p>
            <span className="blog-card__more">Read more →</span>
          </div>
        </Link>
      </article>
    </li>
  );
}

export default function BlogsPage() {
  const { data: blogs, isLoading, isError } = useBlogsQuery();
  usePageMeta('Blogs', 'Stories from the farm: ghee, cows, Ayurveda and healthy living.');
  return (
    <div className="container page">
      <PageHeader title="Read Blogs">Stories from our farm and kitchen.</PageHeader>
      {isLoading ? (
        <LoadingGrid label="Loading blogs" count={3} />
      ) : !blogs || blogs.length === 0 ? (
        <p className="empty-state">{isError ? 'Blogs could not be loaded.' : 'No blogs found'}</p>
      ) : (
        <ul className="blog-grid" aria-label="Blogs">
          {blogs.map((b) => (
            <BlogCard key={b._id} blog={b} />
          ))}
        </ul>
      )}
    </div>
  );
}
