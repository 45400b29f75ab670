import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { LogoLoader } from '@shop/ui/logo-loader';
import { LoadFailed } from '@shop/ui/load-failed';
import { failureMessage, isNotFound } from '@shop/app-kit/api-failure';
import { Carousel } from '../../../components/carousel';
import { Price } from '../../../components/price';
import { ProductCard } from '../../../components/product-card';
import { ProductImage } from '../../../components/product-image';
import { Stars } from '../../../components/stars';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { useProductQuery, useRelatedProductsQuery } from '../../../lib/products-api';
import { useAddToCart } from '../../../hooks/use-add-to-cart';
import { selectLineQuantity } from '../../../store/cart-slice';
import { useAppSelector } from '../../../store/hooks';
import { NotFoundState } from '../../../components/not-found-state';
import { ProductJsonLd } from './product-json-ld';
import '../../../components/rich-text.css';
import '../../../components/section.css';
import './product-page.css';

export default function ProductPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  // `error` stays while a failed load is asked again (until the new answer), so the server's drawing of a failure,
  // the browser's first draw from it and the draws during the browser's own retry all show that failure.
  const { data: product, isFetching, error, refetch } = useProductQuery(slug);
  const { data: related = [] } = useRelatedProductsQuery(
    product ? { productId: product._id, categoryId: product.category._id } : { productId: '', categoryId: '' },
    { skip: !product || product.slug !== slug },
  );
  const inCart = useAppSelector((s) => selectLineQuantity(s, product?._id ?? ''));

  // The page starts at the top on load and whenever the slug changes (a related product was chosen).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  usePageMeta(
    error ? (isNotFound(error) ? 'No product found' : 'Could not load the product') : product ? product.name : 'Product',
    product ? product.shortdesc || product.description.slice(0, 155) : `A product of ${config.brand}.`,
  );

  // Only a 404 means the product is gone; an unreachable or failing shop says so and offers a retry.
  if (error && !isNotFound(error)) {
    return (
      <div className="container page">
        <LoadFailed level={1} what="this product" message={failureMessage(error)} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }
  if (isFetching && !error && product?.slug !== slug) return <LogoLoader title={config.brand} />;
  if (!product || error) return <NotFoundState title="No product found" to="/allproducts" linkText="See all products" />;

  const outOfStock = product.quantity <= 0;
  const atLimit = inCart >= MAX_LINE_QUANTITY;
  const disabled = outOfStock || atLimit;
  // Never above the stock: at the limit the shopper gets a toast naming it instead.
  const add = () => addToCart(product);

  return (
    <div className="container page product">
      <ProductJsonLd product={product} />
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/allproducts">All Products</Link> / <Link to={`/category/${product.category.slug}`}>{product.category.name}</Link>
      </nav>
      <div className="product__main">
        <div className="product__media card">
          <ProductImage src={product.image} alt={product.name} eager sizes="(max-width: 767px) 100vw, 560px" width={800} height={800} />
        </div>
        <div className="product__info">
          <h1 className="product__name">{product.name}</h1>
          <Stars />
          <Price value={product.price} className="price product__price" />
          <p className={`product__stock ${outOfStock ? 'is-out' : ''}`}>{outOfStock ? 'Out of Stocks' : `In stocks : ${product.quantity}`}</p>
          {product.shortdesc && <p className="product__short">{product.shortdesc}</p>}
          <div className="product__actions">
            <button
              type="button"
              className="btn btn-gold"
              disabled={disabled}
              onClick={() => {
                add();
                navigate('/cart');
              }}
            >
              Buy Now
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={disabled}
              onClick={() => {
                if (add()) notifySuccess('Added to cart');
              }}
            >
              Add to cart
            </button>
          </div>
          {atLimit && !outOfStock && <p className="field-error">You can buy at most {MAX_LINE_QUANTITY} of one product at a time.</p>}
          {product.solutions.length > 0 && (
            <p className="product__solutions">
              Good for:{' '}
              {product.solutions.map((s, i) => (
                <span key={s._id}>
                  {i > 0 && ', '}
                  <Link to={`/solutions/${s.slug}`}>{s.name}</Link>
                </span>
              ))}
            </p>
          )}
        </div>
      </div>
      <section className="product__details card" aria-labelledby="product-description">
        <h2 id="product-description">Description</h2>
        <p className="product__description">{product.description}</p>
        {/* Rich HTML written by the farm, sanitised by the server when it was saved. */}
        {product.contents && <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.contents }} />}
      </section>
      {related.length > 0 && (
        <section className="section" aria-labelledby="related-heading">
          <h2 id="related-heading" className="section__title">
            Related Products
          </h2>
          <Carousel items={related} label="Related products" getKey={(p) => p._id} renderItem={(p) => <ProductCard product={p} />} />
        </section>
      )}
    </div>
  );
}
