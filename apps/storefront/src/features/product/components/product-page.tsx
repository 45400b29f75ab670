import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { formatPrice } from '@shop/domain/money';
import type { Product, Variant } from '@shop/domain/schemas/products';
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
import { selectLineQuantity } from '../../../store/cart-lines';
import { useAppSelector } from '../../../store/hooks';
import { NotFoundState } from '../../../components/not-found-state';
import { ProductJsonLd } from './product-json-ld';
import '../../../components/rich-text.css';
import '../../../components/section.css';
import './product-page.css';

/** A product's sizes; a product from a server that knows no sizes is one size of its own price and stock. */
function sizesOf(product: Product): Variant[] {
  if (product.variants?.length) return product.variants;
  return [{ _id: '', label: '', sku: '', price: product.price, quantity: product.quantity, weight_grams: 0, position: 0, is_default: true }];
}

/**
 * The size shown: the one the address names (`?variant=`, a shared link), else the default, else (the default being
 * sold out) the first size in stock.
 */
function chosenSize(sizes: Variant[], wanted: string | null): Variant {
  const named = wanted ? sizes.find((v) => v._id === wanted) : undefined;
  if (named) return named;
  const main = sizes.find((v) => v.is_default) ?? sizes[0]!;
  return main.quantity > 0 ? main : (sizes.find((v) => v.quantity > 0) ?? main);
}

/**
 * Size buttons: one per size, the chosen one pressed. A sold-out size can be chosen too (issue 33): its page says
 * Out of Stocks, keeps both buy buttons disabled and offers "Notify me".
 */
function SizePicker({ sizes, chosen, onChoose }: { sizes: Variant[]; chosen: Variant; onChoose: (size: Variant) => void }) {
  return (
    <div className="product__sizes" role="group" aria-labelledby="product-size-label">
      <span id="product-size-label" className="product__sizes-label">
        Size
      </span>
      <div className="product__size-list">
        {sizes.map((v) => {
          const soldOut = v.quantity <= 0;
          return (
            <button
              key={v._id}
              type="button"
              className={`product__size${v._id === chosen._id ? ' is-chosen' : ''}${soldOut ? ' is-sold-out' : ''}`}
              aria-pressed={v._id === chosen._id}
              title={soldOut ? 'Out of Stocks' : undefined}
              onClick={() => onChoose(v)}
            >
              {v.label}
              {/* The space outside the hidden span: a name worked out from the content trims each part ("1 L (Out of Stocks)"). */}
              {soldOut && <> <span className="visually-hidden">(Out of Stocks)</span></>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** What the Legal Metrology rules ask a listing to say: net quantity (the size), MRP, packer, origin, shelf life (best before), care. */
function LabelDetailsBlock({ product, size }: { product: Product; size: Variant }) {
  const details = product.label_details;
  const rows: Array<[string, string]> = [
    ['Net quantity', size.label],
    ['MRP', size.mrp !== undefined ? `${formatPrice(size.mrp, 'INR', 1)} (incl. of all taxes)` : ''],
    ['Manufacturer / Packer', details?.packer ?? ''],
    ['Country of origin', details?.country_of_origin ?? ''],
    ['Shelf life', details?.best_before ?? ''],
    ['Consumer care', details?.consumer_care ?? ''],
  ];
  const shown = rows.filter(([, value]) => value.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <section className="product__details card product__label" aria-labelledby="product-label-details">
      <h2 id="product-label-details">Product details</h2>
      <dl className="product__label-list">
        {shown.map(([term, value]) => (
          <div key={term} className="product__label-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The size a delivery check quotes: the product, its chosen size, and whether it goes only to local PIN codes. */
interface DeliveryCheckSize {
  productId: string;
  variant?: string;
  localOnly?: boolean;
}

/** A sold-out size, for the "Notify me" form the app puts under the buy buttons. */
interface SoldOutSize {
  productId: string;
  variant?: string;
  /** The size's label when the product has several ("1 L"). */
  sizeLabel?: string;
}

export interface ProductPageProps {
  /** The delivery check under the buy buttons (the delivery feature's PIN check, composed by the app). */
  deliveryCheck?: (size: DeliveryCheckSize) => ReactNode;
  /** What a sold-out size offers under the buy buttons ("Notify me", the back-in-stock feature's, composed by the app). */
  soldOut?: (size: SoldOutSize) => ReactNode;
  /** The product's reviews, under its details (the reviews feature's block, composed by the app). */
  reviews?: (productId: string) => ReactNode;
}

export default function ProductPage({ deliveryCheck, soldOut, reviews }: ProductPageProps = {}) {
  const { slug = '' } = useParams();
  // The size lives in the address (`?variant=`): a shared link opens that size, and the server draws it too.
  const [searchParams, setSearchParams] = useSearchParams();
  const wantedSize = searchParams.get('variant');
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  // `error` stays while a failed load is asked again (until the new answer), so the server's drawing of a failure,
  // the browser's first draw from it and the draws during the browser's own retry all show that failure.
  const { data: product, isFetching, error, refetch } = useProductQuery(slug);
  const { data: related = [] } = useRelatedProductsQuery(
    product ? { productId: product._id, categoryId: product.category._id } : { productId: '', categoryId: '' },
    { skip: !product || product.slug !== slug },
  );
  const sizes = product ? sizesOf(product) : [];
  const size = product ? chosenSize(sizes, wantedSize) : undefined;
  const inCart = useAppSelector((s) =>
    selectLineQuantity(s, { _id: product?._id ?? '', variant: size?._id || undefined, isDefault: size?.is_default }),
  );

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

  const chosen = size!;
  const outOfStock = chosen.quantity <= 0;
  const atLimit = inCart >= MAX_LINE_QUANTITY;
  const disabled = outOfStock || atLimit;
  const showMrp = chosen.mrp !== undefined && chosen.mrp > chosen.price;
  // Never above the stock: at the limit the shopper gets a toast naming it instead.
  const add = () =>
    addToCart({ _id: product._id, name: product.name, quantity: chosen.quantity, variant: chosen._id || undefined, isDefault: chosen.is_default });
  // Choosing a size replaces the address (Back leaves the product rather than stepping through its sizes).
  const choose = (v: Variant) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('variant', v._id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

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
          {product.rating && product.rating.count > 0 ? (
            <a href="#reviews" className="product__rating">
              <Stars rating={product.rating} />
            </a>
          ) : (
            <Stars />
          )}
          <Price value={chosen.price} className="price product__price" />
          {showMrp && (
            <p className="product__mrp">
              MRP{' '}
              <s>
                <Price value={chosen.mrp!} className="product__mrp-value" />
              </s>{' '}
              <span>(incl. of all taxes)</span>
            </p>
          )}
          {sizes.length > 1 ? (
            <SizePicker sizes={sizes} chosen={chosen} onChoose={choose} />
          ) : (
            chosen.label && <p className="product__net">Net quantity: {chosen.label}</p>
          )}
          <p className={`product__stock ${outOfStock ? 'is-out' : ''}`}>{outOfStock ? 'Out of Stocks' : `In stocks : ${chosen.quantity}`}</p>
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
          {outOfStock &&
            soldOut?.({ productId: product._id, variant: chosen._id || undefined, sizeLabel: sizes.length > 1 ? chosen.label : undefined })}
          {deliveryCheck?.({ productId: product._id, variant: chosen._id || undefined, localOnly: product.local_only })}
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
      <LabelDetailsBlock product={product} size={chosen} />
      {reviews?.(product._id)}
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
