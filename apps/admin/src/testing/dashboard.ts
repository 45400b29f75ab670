import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import type { OrdersDashboardResponse } from '@shop/domain/schemas/orders';
import { api, http, ok, server } from './server';

/**
 * Answers every call the dashboard makes as a shop with nothing in it yet. The home tiles can be given, and what
 * orders/dashboard says beyond an empty shop's figures (`ordersDashboard`: low stock, problem reports, revenue).
 */
export function serveEmptyDashboard({ tiles = [] as HomeTile[], ordersDashboard = {} as Partial<OrdersDashboardResponse> } = {}) {
  server.use(
    http.get(api('products/dashboard'), () => ok({ products_count: 0, products: [] })),
    http.get(api('users/dashboard'), () => ok({ users_count: 0, users: [] })),
    http.get(api('orders/dashboard'), () =>
      ok({ orders_count: 0, orders: [], recent_orders: [], revenue: { today: 0, last_30_days: 0 }, ...ordersDashboard }),
    ),
    http.get(api('orders/all'), () => ok({ orders: [] })),
    http.get(api('slider'), () => ok({ sliders: [] })),
    http.get(api('home-tiles'), () => ok({ tiles })),
    http.get(api('products'), () => ok({ products: [] })),
  );
}
