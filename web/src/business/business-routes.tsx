import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ComingSoonPage } from '../shell/ComingSoonPage';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// Each business screen is a chunk of its own: the first load of `/` carries none of them (docs/adr/0013).
const CatalogPage = lazyPart(() => import('./catalog/CatalogPage').then((m) => m.CatalogPage));
const CommunityCatalogPage = lazyPart(() => import('./catalog/CommunityCatalogPage').then((m) => m.CommunityCatalogPage));
const CatalogItemPage = lazyPart(() => import('./catalog/CatalogItemPage').then((m) => m.CatalogItemPage));
const InventoryPage = lazyPart(() => import('./inventory/InventoryPage').then((m) => m.InventoryPage));
const ServicesPage = lazyPart(() => import('./services/ServicesPage').then((m) => m.ServicesPage));
const OrdersPage = lazyPart(() => import('./orders/OrdersPage').then((m) => m.OrdersPage));
const OrderPage = lazyPart(() => import('./orders/OrderPage').then((m) => m.OrderPage));
const QuotesPage = lazyPart(() => import('./orders/QuotesPage').then((m) => m.QuotesPage));
const QuotePage = lazyPart(() => import('./orders/QuotePage').then((m) => m.QuotePage));
const StoreFrontsPage = lazyPart(() => import('./store-fronts/StoreFrontsPage').then((m) => m.StoreFrontsPage));
const StoreConnectionsPage = lazyPart(() => import('./store-connections/StoreConnectionsPage').then((m) => m.StoreConnectionsPage));

/** Preloads the catalog (a pointer over the Business dashboard's entries). */
export const preloadCatalog = CatalogPage.preload;

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<PageLoadFailed />}>
      <Suspense
        fallback={
          <p className="page-loading" role="status" aria-busy="true">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

const soon = <ComingSoonPage />;

/**
 * The business dashboard (spec 002 §2) inside the shell. The team or project scope is a query parameter of these
 * pages (ADR 0032). Orders and quotes: ADR 0058.
 */
export function businessRoutes() {
  return (
    <>
      <Route
        path="business/catalog"
        element={
          <Lazy>
            <CatalogPage />
          </Lazy>
        }
      />
      <Route
        path="business/catalog/community-models"
        element={
          <Lazy>
            <CommunityCatalogPage />
          </Lazy>
        }
      />
      <Route
        path="business/catalog/:catalogItemId"
        element={
          <Lazy>
            <CatalogItemPage />
          </Lazy>
        }
      />
      <Route
        path="business/inventory"
        element={
          <Lazy>
            <InventoryPage />
          </Lazy>
        }
      />
      <Route
        path="business/services"
        element={
          <Lazy>
            <ServicesPage />
          </Lazy>
        }
      />
      <Route
        path="business/orders"
        element={
          <Lazy>
            <OrdersPage />
          </Lazy>
        }
      />
      <Route
        path="business/orders/:orderId"
        element={
          <Lazy>
            <OrderPage />
          </Lazy>
        }
      />
      <Route
        path="business/quotes"
        element={
          <Lazy>
            <QuotesPage />
          </Lazy>
        }
      />
      <Route
        path="business/quotes/:quoteId"
        element={
          <Lazy>
            <QuotePage />
          </Lazy>
        }
      />
      <Route
        path="business/store-fronts"
        element={
          <Lazy>
            <StoreFrontsPage />
          </Lazy>
        }
      />
      <Route
        path="business/store-connections"
        element={
          <Lazy>
            <StoreConnectionsPage />
          </Lazy>
        }
      />
      <Route path="business/*" element={soon} />
    </>
  );
}
