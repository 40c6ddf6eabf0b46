import * as initial from './0001-initial';
import * as products from './0002-products';
import * as businessRecords from './0003-business-records';

export const commerceMigrations = {
  '0001-initial': initial,
  '0002-products': products,
  '0003-business-records': businessRecords,
};
