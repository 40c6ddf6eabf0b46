import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, UpdateOrderBody } from '@kiln/contracts';
import { ORDER_ACTION_LABELS, ORDER_DOCUMENT_FILE_NAME } from '@kiln/contracts/constants';
import { orderActionsAllowed } from '@kiln/domain';
import { ApiError, messageOf } from '../../api/client';
import { useCanChange } from '../business-scope';
import { BUSINESS_TEXTS } from '../business-texts';
import { BillTables, CustomerDialog, DealLoadState, DealSide, dealTotal, MoreActions, printDeal, ReasonDialog, StatusBadge } from './deal-parts';
import { useOrderPushes } from './deal-pushes';
import { dealKeys, orderApi } from './orders-api';
import '../business.css';
import './orders.css';

type Open = 'decline' | 'customer' | null;

/** Order detail (/business/orders/{id}, spec 002 §2, §4): bills, side information, the status buttons §4 allows. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const queryClient = useQueryClient();
  const order = useQuery({ queryKey: dealKeys.order(orderId), queryFn: () => orderApi.get(orderId) });
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  useOrderPushes();
  const data = order.data;
  const canChange = useCanChange({ ...(data?.teamId ? { teamId: data.teamId } : {}), ...(data?.projectId ? { projectId: data.projectId } : {}) });

  if (order.isPending || order.isError || !data) return <DealLoadState query={order} kind="Order" />;

  /** One change, decided by the service on the version shown (If-Match); a 409 shows its sentence, nothing changed. */
  const change = async (body: UpdateOrderBody) => {
    setFailure(null);
    try {
      const next = await orderApi.update(data.id, body, data.version);
      queryClient.setQueryData<Order>(dealKeys.order(data.id), next);
      void queryClient.invalidateQueries({ queryKey: dealKeys.orderLists() });
      void queryClient.invalidateQueries({ queryKey: ['business', 'order', 'reports'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        void order.refetch();
        throw new ApiError({ statusCode: 412, message: BUSINESS_TEXTS.stale });
      }
      void order.refetch();
      throw error;
    }
  };
  const run = async (body: UpdateOrderBody) => {
    setBusy(true);
    try {
      await change(body);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const allowed = canChange ? orderActionsAllowed(data.status) : [];
  const print = () => printDeal('Order', data.id);

  return (
    <section className="business-page deal-page" aria-labelledby={titleId}>
      <div className="page-header deal-header">
        <div className="deal-title">
          <h1 id={titleId}>Order {data.id}</h1>
          <StatusBadge status={data.status} />
        </div>
        <div className="business-actions deal-actions no-print">
          {allowed.includes('accept') && (
            <button type="button" className="btn btn-primary" disabled={busy} data-testid="order-accept" onClick={() => run({ status: 'accepted' })}>
              {ORDER_ACTION_LABELS.accept}
            </button>
          )}
          {allowed.includes('complete') && (
            <button type="button" className="btn btn-primary" disabled={busy} data-testid="order-complete" onClick={() => run({ status: 'completed' })}>
              {ORDER_ACTION_LABELS.complete}
            </button>
          )}
          {allowed.includes('decline') && (
            <button type="button" className="btn btn-ghost" disabled={busy} data-testid="order-decline" onClick={() => setOpen('decline')}>
              {ORDER_ACTION_LABELS.decline}
            </button>
          )}
          <a className="btn btn-ghost" href={orderApi.pdfPath(data.id)} download={ORDER_DOCUMENT_FILE_NAME} data-testid="export-pdf">
            Export as PDF
          </a>
          <button type="button" className="btn btn-ghost" data-testid="print" onClick={print}>
            Print
          </button>
          <MoreActions kind="Order" id={data.id} onPrint={print} />
        </div>
      </div>
      {failure && (
        <p className="alert alert--error" role="alert" data-testid="action-error">
          {failure}
        </p>
      )}
      {data.note && data.status === 'declined' && (
        <p className="alert alert--info" data-testid="deal-note">
          Reason: {data.note}
        </p>
      )}
      <div className="deal-layout">
        <BillTables bills={{ ...data, total: dealTotal(data) }} />
        <DealSide deal={data} kind="Order" canEditCustomer={allowed.includes('editCustomer')} onEditCustomer={() => setOpen('customer')} />
      </div>
      {open === 'decline' && (
        <ReasonDialog title="Decline order" submitLabel="Decline" onSubmit={(note) => change({ status: 'declined', note })} onClose={() => setOpen(null)} />
      )}
      {open === 'customer' && <CustomerDialog customer={data.customer} onSave={(customer) => change({ customer })} onClose={() => setOpen(null)} />}
    </section>
  );
}
