/**
 * The ordering area under `/api/db`: orders (with their releases and shipments), releases across
 * orders, and the dashboard, mounted by app.ts as one router.
 */
import { createRouter } from '../openapi';
import { dashboardRoutes } from './dashboard';
import { inventoryReleasesRoutes } from './inventory-releases';
import { ordersRoutes } from './orders';

export const orderingRoutes = createRouter()
  .route('/orders', ordersRoutes)
  .route('/inventory-releases', inventoryReleasesRoutes)
  .route('/dashboard', dashboardRoutes);
