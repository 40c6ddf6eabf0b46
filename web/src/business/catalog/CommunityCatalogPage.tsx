import { useId, useMemo, useState } from 'react';
import { BUSINESS_PAGE_SIZE } from '@kiln/contracts/constants';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency';
import { CheckIcon } from '../../ui/icons';
import { pickerApi, scopeWhere } from '../business-api';
import { nextBusinessSkip } from '../business-cache';
import { scopeSearch, useBusinessScope } from '../business-scope';
import { BUSINESS_TEXTS } from '../business-texts';
import { ModelPicture } from './CatalogEntry';
import { useAddCatalogItems, useCatalogModelIds } from './useCatalog';
import '../business.css';

/**
 * Community catalog (/business/catalog/community-models, spec 002 §2): production-ready published products, 20 at
 * a time; Add puts one in my catalog at price 0 (an Added badge once it is there); Done returns to the catalog.
 */
export function CommunityCatalogPage() {
  const [scope] = useBusinessScope();
  const titleId = useId();
  const inCatalog = useCatalogModelIds(scope);
  const added = useMemo(() => new Set(inCatalog.data ?? []), [inCatalog.data]);
  const [justAdded, setJustAdded] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string>();
  const add = useAddCatalogItems();
  const products = useInfiniteQuery({
    queryKey: ['business', 'community', 'products'],
    queryFn: ({ pageParam }) => pickerApi.community(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextBusinessSkip(BUSINESS_PAGE_SIZE),
  });
  const list = (products.data?.pages ?? []).flatMap((page) => page.data);

  const addOne = async (product: Product) => {
    setFailure(undefined);
    try {
      await add.mutateAsync({ key: newIdempotencyKey(), items: [{ modelId: product.model, name: product.title, price: 0, ...scopeWhere(scope) }] });
      setJustAdded((current) => new Set(current).add(product.model));
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <section className="business-page" aria-labelledby={titleId}>
      <div className="page-header">
        <div>
          <h1 id={titleId}>Community models</h1>
          <p className="page-sub">Production-ready models published by the community</p>
        </div>
        <Link className="btn btn-primary" to={`/business/catalog${scopeSearch(scope)}`} data-testid="community-done">
          Done
        </Link>
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {products.isPending && (
        <p className="page-loading" role="status" aria-busy="true">
          Loading…
        </p>
      )}
      {products.isError && (
        <p className="form-error" role="alert">
          {messageOf(products.error)}
        </p>
      )}
      {products.isSuccess && list.length === 0 && (
        <div className="empty">
          <p data-testid="empty-text">{BUSINESS_TEXTS.noResults}</p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="models models--grid" aria-label="Community models">
          {list.map((product) => {
            const isAdded = added.has(product.model) || justAdded.has(product.model);
            return (
              <li key={product.id} className="model-card model-card--grid" data-testid="community-model" data-model-name={product.title}>
                <ModelPicture id={product.model} preview={product.image} name={product.title} />
                <div className="model-card-body">
                  <div className="model-card-text">
                    <span className="model-name" title={product.title}>
                      {product.title}
                    </span>
                  </div>
                  {isAdded ? (
                    <span className="badge-added" data-testid="community-added">
                      <CheckIcon size={14} /> Added
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={`Add ${product.title}`}
                      data-testid="community-add"
                      disabled={add.isPending}
                      onClick={() => addOne(product)}
                    >
                      Add
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {products.hasNextPage && (
        <button type="button" className="btn btn-ghost load-more" disabled={products.isFetchingNextPage} onClick={() => products.fetchNextPage()}>
          {products.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}
