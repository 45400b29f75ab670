/** `shop.store`: what any visitor reads, the catalogue, the cart's prices and the blog. */
import type { BlogResponse, BlogsResponse } from '@shop/domain/schemas/blogs';
import type { CategoriesResponse, SolutionsResponse } from '@shop/domain/schemas/catalogue';
import type { ExchangeRatesResponse } from '@shop/domain/schemas/currency';
import type { PincodeResponse, QuoteBody, QuoteResponse } from '@shop/domain/schemas/delivery';
import type { HomeTilesResponse } from '@shop/domain/schemas/home-tiles';
import type {
  CartItem,
  CountResponse,
  GetCartResponse,
  ProductResponse,
  ProductsResponse,
} from '@shop/domain/schemas/products';
import type { NotifyBody, ProductReviewsResponse } from '@shop/domain/schemas/reviews';
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { ShopInfoResponse } from '@shop/domain/schemas/shop';
import type { SlidersResponse } from '@shop/domain/schemas/sliders';
import type { Requester } from './http.js';
import { path } from './paths.js';

/** The shop around the products: currencies, seller, categories, solutions, home page and blog. */
function shopCalls(api: Requester) {
  return {
    /**
     * 1 INR in each currency.
     * @example const { rates } = await shop.store.exchangeRates();
     */
    exchangeRates: async (): Promise<ExchangeRatesResponse> => api.request('GET', 'products/currencyExchangeRates'),
    /**
     * The seller's public details: legal name, address, GSTIN, state and the FSSAI licence number (footer).
     * @example const { fssai } = await shop.store.shopInfo();
     */
    shopInfo: async (): Promise<ShopInfoResponse> => api.request('GET', 'shop-info'),
    /**
     * All categories.
     * @example const { categories } = await shop.store.categories();
     */
    categories: async (): Promise<CategoriesResponse> => api.request('GET', 'category'),
    /**
     * All solutions (health goals products are tagged with).
     * @example const { solutions } = await shop.store.solutions();
     */
    solutions: async (): Promise<SolutionsResponse> => api.request('GET', 'solutions'),
    /**
     * The home page slides (at most 3).
     * @example const { sliders } = await shop.store.sliders();
     */
    sliders: async (): Promise<SlidersResponse> => api.request('GET', 'slider'),
    /**
     * The home page's three video tiles, each with its product and that product's live price.
     * @example const { tiles } = await shop.store.homeTiles();
     */
    homeTiles: async (): Promise<HomeTilesResponse> => api.request('GET', 'home-tiles'),
    /**
     * All blog posts.
     * @example const { blogs } = await shop.store.blogs();
     */
    blogs: async (): Promise<BlogsResponse> => api.request('GET', 'blogs'),
    /**
     * One blog post by slug.
     * @example const { blog } = await shop.store.blog('why-a2-ghee');
     */
    blog: async (slug: string): Promise<BlogResponse> => api.request('GET', path`blogs/${slug}`),
  };
}

/** The products: lists, one product, search and the cart's current prices. */
function productCalls(api: Requester) {
  return {
    /**
     * Products flagged as highlighted.
     * @example const { products } = await shop.store.highlightedProducts();
     */
    highlightedProducts: async (): Promise<ProductsResponse> => api.request('GET', 'products/highlighted'),
    /**
     * One page (8 products) of the catalogue, from page 1.
     * @example const { products } = await shop.store.products(1);
     */
    products: async (page: number): Promise<ProductsResponse> => api.request('GET', path`products/list/${page}`),
    /**
     * One product by slug.
     * @example const { product } = await shop.store.product('a2-cow-ghee');
     */
    product: async (slug: string): Promise<ProductResponse> => api.request('GET', path`products/${slug}`),
    /**
     * Other products of the same category.
     * @example const { products } = await shop.store.relatedProducts(product._id, product.category._id);
     */
    relatedProducts: async (productId: string, categoryId: string): Promise<ProductsResponse> =>
      api.request('GET', path`products/related-products/${productId}/${categoryId}`),
    /**
     * One page of a category's products.
     * @example const { products } = await shop.store.categoryProducts('ghee', 1);
     */
    categoryProducts: async (slug: string, page: number): Promise<ProductsResponse> =>
      api.request('GET', path`products/category/${slug}/${page}`),
    /**
     * How many products a category holds.
     * @example const { count } = await shop.store.categoryCount('ghee');
     */
    categoryCount: async (slug: string): Promise<CountResponse> =>
      api.request('GET', path`products/category/${slug}/count`),
    /**
     * One page of a solution's products.
     * @example const { products } = await shop.store.solutionProducts('immunity-power', 1);
     */
    solutionProducts: async (slug: string, page: number): Promise<ProductsResponse> =>
      api.request('GET', path`products/solutions/${slug}/${page}`),
    /**
     * Searches the catalogue; a blank query resolves to no products without a request.
     * @example const { products } = await shop.store.search('ghee');
     */
    search: async (query: string): Promise<ProductsResponse> => {
      const trimmed = query.trim();
      if (trimmed === '') return { products: [] };
      return api.request('GET', path`products/search/${trimmed}`);
    },
    /**
     * Resolves cart lines to current name, price, image and stock; unknown ids are dropped.
     * @example const { cartDetails } = await shop.store.cart([{ _id: id, cart_quantity: 2 }]);
     */
    cart: async (cart: CartItem[]): Promise<GetCartResponse> => api.request('POST', 'products/getcart', { cart }),
  };
}

/** Every visitor's call as one group: `shop.store`. */
/** Delivery: where a PIN is, and what a cart costs delivered there and when it arrives. */
function deliveryCalls(api: Requester) {
  return {
    /**
     * A PIN code's state and district, and whether the shop delivers there (404 unknown, 400 malformed).
     * @example const { state, serviceable } = await shop.store.pincode('560001');
     */
    pincode: async (pin: string): Promise<PincodeResponse> => api.request('GET', path`delivery/pincode/${pin}`),
    /**
     * What a cart costs delivered to a PIN, paid online or by cash on delivery, and when it arrives.
     * @example const { total, eta } = await shop.store.deliveryQuote({ pin: '560001', cart: [{ _id, cart_quantity: 1 }] });
     */
    deliveryQuote: async (body: QuoteBody): Promise<QuoteResponse> => api.request('POST', 'delivery/quote', body),
  };
}

/** What other buyers thought, and "notify me when it is back" (issue 33). */
function trustCalls(api: Requester) {
  return {
    /**
     * A product's published reviews, newest first, with the average (one decimal), the count and the count per star (5 to 1).
     * @example const { average, count, counts, reviews } = await shop.store.productReviews(product._id);
     */
    productReviews: async (productId: string): Promise<ProductReviewsResponse> => api.request('GET', path`products/${productId}/reviews`),
    /**
     * Mails `email` once when the size (`variant`; absent: the default size) is back in stock. Always the same 202
     * answer, whether or not the address was already on the list; 404 for an unknown product or size.
     * @example const { message } = await shop.store.notifyWhenBack(product._id, { email, variant: size._id });
     */
    notifyWhenBack: async (productId: string, body: NotifyBody): Promise<MessageResponse> =>
      api.request('POST', path`products/${productId}/notify`, body),
    /**
     * What a back-in-stock mail's unsubscribe link does (the link itself opens an HTML page); 404 for an unknown link.
     * @example const { message } = await shop.store.unsubscribeStockAlert(token);
     */
    unsubscribeStockAlert: async (token: string): Promise<MessageResponse> => api.request('GET', path`stock-alerts/unsubscribe/${token}`),
  };
}

export function storeCalls(api: Requester) {
  return { ...shopCalls(api), ...productCalls(api), ...deliveryCalls(api), ...trustCalls(api) };
}
