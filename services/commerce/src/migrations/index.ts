import * as initial from './0001-initial';
import * as products from './0002-products';
import * as businessRecords from './0003-business-records';
import * as catalogModelIndex from './0004-catalog-model-index';
import * as businessRecordCounts from './0005-business-record-counts';
import * as ordersAndQuotes from './0006-orders-and-quotes';
import * as storeOrders from './0007-store-orders';
import * as orderMonthCounts from './0008-order-month-counts';

export const commerceMigrations = {
  '0001-initial': initial,
  '0002-products': products,
  '0003-business-records': businessRecords,
  '0004-catalog-model-index': catalogModelIndex,
  '0005-business-record-counts': businessRecordCounts,
  '0006-orders-and-quotes': ordersAndQuotes,
  '0007-store-orders': storeOrders,
  '0008-order-month-counts': orderMonthCounts,
};
