/**
 * The public routes of the spec. Every page is its own chunk (React.lazy), so the home page loads
 * only what it needs; carousels come with the pages that show them. The declarative router
 * (`useRoutes` under a BrowserRouter) is used: the shop needs no loaders or actions, and it keeps the
 * entry chunk small.
 */
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { HomeBelowTheFold } from './deferred-parts';
import { RootLayout } from './layout/root-layout';
import { GuestOnly, SessionKnown, SignedInOnly } from './routes/guards';

const HomePage = lazy(() => import('../features/home/components/home-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const ForgetPasswordPage = lazy(() => import('../features/auth/components/forget-password-page'));
const ChangePasswordPage = lazy(() => import('../features/auth/components/change-password-page'));
const AllProductsPage = lazy(() => import('../features/catalogue/components/all-products-page'));
const CategoryPage = lazy(() => import('../features/catalogue/components/category-page'));
const SolutionPage = lazy(() => import('../features/catalogue/components/solution-page'));
const ProductRoute = lazy(() => import('./routes/product-route'));
const SearchPage = lazy(() => import('../features/search/components/search-page'));
const CartRoute = lazy(() => import('./routes/cart-route'));
const BlogsPage = lazy(() => import('../features/blogs/components/blogs-page'));
const BlogPage = lazy(() => import('../features/blogs/components/blog-page'));
const AboutUsPage = lazy(() => import('../features/pages/components/about-us-page'));
const PrivacyPolicyPage = lazy(() => import('../features/pages/components/privacy-policy-page'));
const ProfilePage = lazy(() => import('../features/account/components/profile-page'));
const OrdersPage = lazy(() => import('../features/account/components/orders-page'));
const NotFoundPage = lazy(() => import('../features/pages/components/not-found-page'));

const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage BelowTheFold={HomeBelowTheFold} /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: 'forget-password', element: <ForgetPasswordPage /> },
      { path: 'change-password/:token', element: <ChangePasswordPage /> },
      { path: 'allproducts', element: <AllProductsPage /> },
      { path: 'products/:slug', element: <ProductRoute /> },
      { path: 'category/:slug', element: <CategoryPage /> },
      { path: 'solutions/:slug', element: <SolutionPage /> },
      { path: 'search/:query?', element: <SearchPage /> },
      {
        path: 'cart',
        element: (
          <SessionKnown>
            <CartRoute />
          </SessionKnown>
        ),
      },
      { path: 'blogs', element: <BlogsPage /> },
      { path: 'blogs/:slug', element: <BlogPage /> },
      { path: 'about-us', element: <AboutUsPage /> },
      { path: 'privacy-and-policy', element: <PrivacyPolicyPage /> },
      {
        path: 'profile',
        element: (
          <SignedInOnly>
            <ProfilePage />
          </SignedInOnly>
        ),
      },
      {
        path: 'orders',
        element: (
          <SignedInOnly>
            <OrdersPage />
          </SignedInOnly>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
