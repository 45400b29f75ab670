import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AdminLoginPage } from '../features/auth/admin-login-page';
import { RequireAdmin } from '../features/auth/require-admin';
import { AdminLayout } from './layout/admin-layout';
import { NotFound } from './routes/not-found';

// Every screen is its own chunk: chart.js comes only with the dashboard, TipTap only with the editors.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const OrdersPage = lazy(() => import('../features/orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const OrderDetailPage = lazy(() =>
  import('../features/orders/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const UsersPage = lazy(() => import('../features/users/users-page').then((m) => ({ default: m.UsersPage })));
const UserDetailPage = lazy(() => import('../features/users/user-detail-page').then((m) => ({ default: m.UserDetailPage })));
const ProductsPage = lazy(() => import('../features/products/products-page').then((m) => ({ default: m.ProductsPage })));
const CreateProductPage = lazy(() =>
  import('../features/products/create-product-page').then((m) => ({ default: m.CreateProductPage })),
);
const ProductDetailPage = lazy(() =>
  import('../features/products/product-detail-page').then((m) => ({ default: m.ProductDetailPage })),
);
const CategoriesPage = lazy(() =>
  import('../features/categories/categories-page').then((m) => ({ default: m.CategoriesPage })),
);
const BlogsPage = lazy(() => import('../features/blogs/blogs-page').then((m) => ({ default: m.BlogsPage })));
const DeliveryPage = lazy(() => import('../features/delivery/delivery-page').then((m) => ({ default: m.DeliveryPage })));
const ReviewsPage = lazy(() => import('../features/reviews/reviews-page').then((m) => ({ default: m.ReviewsPage })));
const CouponsPage = lazy(() => import('../features/coupons/coupons-page').then((m) => ({ default: m.CouponsPage })));
const BlogDetailPage = lazy(() => import('../features/blogs/blog-detail-page').then((m) => ({ default: m.BlogDetailPage })));

/** The panel's routes, relative to the basename /{ADMIN_PREFIX}. */
export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin" replace /> },
  { path: 'adminlogin', element: <AdminLoginPage /> },
  {
    path: 'admin',
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'create-product', element: <CreateProductPage /> },
      { path: 'blogs', element: <BlogsPage /> },
      { path: 'blogs/:slug', element: <BlogDetailPage /> },
      { path: 'products', element: <ProductsPage /> },
      { path: 'products/:slug', element: <ProductDetailPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/:id', element: <OrderDetailPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/:email', element: <UserDetailPage /> },
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'delivery', element: <DeliveryPage /> },
      { path: 'reviews', element: <ReviewsPage /> },
      { path: 'coupons', element: <CouponsPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: '*',
    element: (
      <main className="not-found-page">
        <NotFound />
      </main>
    ),
  },
];
