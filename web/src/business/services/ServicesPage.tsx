import { useEffect, useId, useRef, useState } from 'react';
import { BUSINESS_PAGE_SIZE } from '@kiln/contracts/constants';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { usePagedItems } from '../../models/ModelListView';
import { useViewState } from '../../shell/view-state';
import { DotsIcon, PlusIcon, ServicesIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { useLatest } from '../../ui/use-latest';
import { businessKeys, scopeWhere, serviceApi } from '../business-api';
import { applyRemoval, applyUpsert, checkedBusinessList, nextBusinessSkip } from '../business-cache';
import { useServicePushes } from '../business-pushes';
import { ScopePicker, useBusinessScope, useCanChange } from '../business-scope';
import { BUSINESS_TEXTS, formatUsd } from '../business-texts';
import { RecordHistoryDialog } from '../shared/RecordHistoryDialog';
import { useUndoRemoval } from '../shared/UndoRemoval';
import { ServiceDialog } from './ServiceDialog';
import '../business.css';

const serviceId = (s: Service) => s.id;
const LISTS = ['business', 'service', 'list'];
type Open = { kind: 'add' } | { kind: 'edit'; service: Service } | { kind: 'history'; service: Service } | null;

/** Services (/business/services, spec 002 §2, §4): 20 at a time, reset by a new search or sort. */
export function ServicesPage() {
  const { search, sort } = useViewState();
  const [scope, setScope] = useBusinessScope();
  const canChange = useCanChange(scope);
  const queryClient = useQueryClient();
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { offerUndo, undoBar } = useUndoRemoval();
  useServicePushes();

  // Spec 002 §5: a delete asks for no confirmation; Undo brings the same service back (issue 17).
  const remove = async (service: Service) => {
    setRemoveError(null);
    try {
      applyRemoval(queryClient, LISTS, await serviceApi.remove(service.id));
      void queryClient.invalidateQueries({ queryKey: ['business', 'service', 'all'] });
      offerUndo(service.name, async () => {
        applyUpsert(queryClient, LISTS, await serviceApi.restore(service.id), true);
        void queryClient.invalidateQueries({ queryKey: ['business', 'service', 'all'] });
      });
    } catch (error) {
      setRemoveError(messageOf(error));
    }
  };
  // A new search or sort is a new query: it starts again at the first 20.
  const list = useInfiniteQuery({
    queryKey: businessKeys.serviceList(search, sort, scope),
    queryFn: async ({ pageParam }) =>
      checkedBusinessList(queryClient, LISTS, await serviceApi.list({ search, sort, skip: pageParam, scope }), pageParam, { search, ...scopeWhere(scope) }),
    initialPageParam: 0,
    // More while the last page was full (spec 002 §4).
    getNextPageParam: nextBusinessSkip(BUSINESS_PAGE_SIZE),
  });
  const services = usePagedItems(list, serviceId);

  const sentinel = useRef<HTMLDivElement>(null);
  const fetchMore = useLatest(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  });
  const pages = list.data?.pages.length ?? 0;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !list.hasNextPage) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fetchMore.current(), { rootMargin: '300px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [list.hasNextPage, pages, fetchMore]);

  return (
    <section className="business-page services-page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId}>Services</h1>
        <div className="business-actions">
          <ScopePicker scope={scope} onChange={setScope} />
          {canChange && (
            <button type="button" className="btn btn-primary" data-testid="add-service" onClick={() => setOpen({ kind: 'add' })}>
              <PlusIcon size={18} /> Add a service
            </button>
          )}
        </div>
      </div>

      {list.isPending && (
        <div className="spinner-wrap" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading services…</span>
        </div>
      )}
      {list.isError && !list.data && (
        <div className="empty" role="alert">
          <p>{messageOf(list.error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.isSuccess && services.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">
            <ServicesIcon size={44} />
          </div>
          <p data-testid="empty-text">{search ? BUSINESS_TEXTS.noResults : BUSINESS_TEXTS.servicesEmpty}</p>
        </div>
      )}
      {services.length > 0 && (
        <div className="table-wrap">
          <table className="business-table" aria-label="Services">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Materials</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.id} data-testid="service-row" data-service-name={service.name}>
                  <th scope="row" className="service-name">
                    {service.name}
                    {service.displayName && <span className="muted"> · {service.displayName}</span>}
                  </th>
                  <td data-testid="service-materials">
                    {service.materialCount > 0 ? `${service.materialCount} material${service.materialCount === 1 ? '' : 's'}` : ''}
                  </td>
                  <td data-testid="service-price">
                    {service.priceRange.min === service.priceRange.max
                      ? formatUsd(service.priceRange.min)
                      : `${formatUsd(service.priceRange.min)} – ${formatUsd(service.priceRange.max)}`}
                  </td>
                  <td className="row-menu">
                    {/* Anyone who sees the service may read its history; only owners and editors change it. */}
                    <Menu
                      label={`Actions for ${service.name}`}
                      trigger={(props) => (
                        <button type="button" className="icon-btn" aria-label={`Actions for ${service.name}`} data-testid="service-menu-button" {...props}>
                          <DotsIcon />
                        </button>
                      )}
                    >
                      {(close) => (
                        <>
                          {canChange && (
                            <MenuItem
                              testId="service-properties"
                              onSelect={() => {
                                close();
                                setOpen({ kind: 'edit', service });
                              }}
                            >
                              Service properties
                            </MenuItem>
                          )}
                          <MenuItem
                            testId="service-history"
                            onSelect={() => {
                              close();
                              setOpen({ kind: 'history', service });
                            }}
                          >
                            History
                          </MenuItem>
                          {canChange && (
                            <MenuItem
                              testId="service-delete"
                              danger
                              onSelect={() => {
                                close();
                                void remove(service);
                              }}
                            >
                              Delete service
                            </MenuItem>
                          )}
                        </>
                      )}
                    </Menu>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div ref={sentinel} className="sentinel" aria-hidden="true" />
      {list.isFetchingNextPage && (
        <p className="loading-more" role="status">
          Loading more…
        </p>
      )}

      {open?.kind === 'add' && <ServiceDialog scope={scope} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <ServiceDialog service={open.service} scope={scope} onClose={() => setOpen(null)} />}
      {open?.kind === 'history' && <RecordHistoryDialog kind="service" id={open.service.id} name={open.service.name} onClose={() => setOpen(null)} />}
      {removeError && (
        <p className="form-error" role="alert" data-testid="remove-error">
          {removeError}
        </p>
      )}
      {undoBar}
    </section>
  );
}
